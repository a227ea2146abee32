// Plain script: a type:'bytes' ReadableStream, hwm 4096, 1024 chunks of 32 bytes, default reader.
const chunk = new Uint8Array(32).fill(7);
async function transfer() {
  let sent = 0;
  const rs = new ReadableStream({
    type: 'bytes',
    pull(c) { while (sent < 1024 && c.desiredSize > 0) { c.enqueue(chunk.slice()); sent++; } if (sent >= 1024) c.close(); },
  }, { highWaterMark: 4096 });
  const r = rs.getReader(); let n = 0;
  for (;;) { const { value, done } = await r.read(); if (done) break; n += value.byteLength; }
  return n;
}
for (let i = 0; i < 300; i++) await transfer();          // warm-up
const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
const N = 1500; for (let i = 0; i < N; i++) await transfer();
const c1 = process.cpuUsage(c0), t1 = process.hrtime.bigint();
console.log(JSON.stringify({ flags: process.execArgv.join(' '), us_per_transfer_process_cpu: ((c1.user + c1.system) / N).toFixed(0), us_wall: (Number(t1 - t0) / 1e3 / N).toFixed(0) }));
