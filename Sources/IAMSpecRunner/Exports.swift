// The run's model (results, headers, summaries, selections) and the console's and the results
// stream's text are `IAMSpecPortable`'s, which the portable executor shares: an engine author's
// test that imports the runner reads them as the runner's own.
@_exported import IAMSpecPortable
