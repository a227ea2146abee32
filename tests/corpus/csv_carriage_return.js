// issue 12 #9: a field with a carriage return (and nothing else that needs quoting: here a parameter
// value, in the case name and the params column) was written unquoted into the CSV.
// args: run {self} --quick --format csv
// exit: 0
// stdout-format: csv
suite({ name: 'csv_cr', params: { s: ['line one\rline two'] }, benches: { a: () => 1 } });
