// What the suites with npm dependencies of their own share (suites/request_path, suites/request_path_served,
// suites/kv_round_trip). Not a suite: `run suites/` reads only the files directly in it.
'use strict';

// Fails the suite in `suiteDir` when one of its npm dependencies `names` is not installed in its node_modules,
// with the command that installs them (tools/suite_deps.sh, which tools/bootstrap.sh runs).
function checkInstalled(suiteDir, names) {
  const fs = require('node:fs');
  const path = require('node:path');
  const suite = `suites/${path.basename(suiteDir)}`;
  const modules = path.join(suiteDir, 'node_modules');
  for (const name of names) {
    if (!fs.existsSync(path.join(modules, name, 'package.json'))) {
      throw new Error(`${suite}: its npm dependency ${name} is not installed in ${modules}; install it with: ` +
        `tools/suite_deps.sh ${suite}`);
    }
  }
}

module.exports = { checkInstalled };
