import IAMSpec
