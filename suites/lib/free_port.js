// What the suites that start a server of their own share (suites/kv_round_trip: redis-server;
// suites/request_path_served: the app under test). Not a suite: `run suites/` reads only the files directly in it.
'use strict';

// A loopback port nobody listens on now (the server takes it a moment later; a clash fails the start, loudly).
function freePort() {
  const net = require('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

module.exports = { freePort };
