// issue 12 #1: Object.prototype.toJSON set at the top level made the host's read of the suite's
// description throw (simdjson .value()) and aborted the process.
// args: run {self} --quick --format json
// exit: 0
// stdout-format: json
// stdout: "tojson_top/plain/n:1"
// stdout: "params":{"n":"2"}
Object.prototype.toJSON = function () { return 'hijacked'; };
JSON.stringify = () => 'hijacked too';
String = () => 'not the value';
suite({ name: 'tojson_top', params: { n: [1, 2] }, quick: { n: [1, 2] }, benches: { plain: (s) => s.n } ,
  setup: (p) => ({ n: p.n }) });
