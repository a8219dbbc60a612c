print("iamspec")
