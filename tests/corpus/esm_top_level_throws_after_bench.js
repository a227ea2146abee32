// An ESM benchmark file (mitata, `import`) whose top level throws after its bench() calls was listed
// and run without the error (exit 0): its body runs as an async function, whose rejection was seen
// only after the cases were described. The file's error is a load failure, named, exit 2.
// args: run {self} --quick --no-native
// exit: 2
// stderr: the top level broke here
import { bench, run } from 'mitata';

bench('noop', () => 1);
throw new Error('the top level broke here');
