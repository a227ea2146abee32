build/v8bench compare suites/trig.js --filter 'trig/sin/' --variant base= --variant noopt=--no-opt --runs 6 --seed 13 --quiet --out results/2026-11-30-debian12-2cpu/compare.json > results/2026-11-30-debian12-2cpu/compare.txt
build/v8bench report results/2026-11-30-debian12-2cpu/compare.json --out results/2026-11-30-debian12-2cpu/compare.html
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir=$(mktemp -d) --screenshot=results/2026-11-30-debian12-2cpu/compare.png --window-size=1200,1250 file://$PWD/results/2026-11-30-debian12-2cpu/compare.html
