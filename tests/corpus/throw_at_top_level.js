// A throw at the top level is bad input, with file, line and column.
// args: run {self}
// exit: 2
// stderr: throw_at_top_level.js:6:
// stderr: Error: top-level boom
throw_it();
function throw_it() { throw new Error('top-level boom'); }
