#!/usr/bin/env python3
"""Runs the commands README.md shows, so that every example keeps working as written.

    readme_commands_test.py V8BENCH SOURCE_DIR [README]

The README's conventions, which this test defines:
- Only ```sh blocks hold commands. Each line is one command (a line ending in `\\` continues on the
  next); everything after ` # ` outside quotes is a comment.
- A comment starting with `slow` or `not run` marks a command the test does not run (a full build, a
  long comparison, files the reader brings); the README says there how long it takes or why.
- A comment containing `~N s` (or `~N min`) is a promise: the command must finish within 5*N s + 30 s here
  (generous, for a shared machine). Any other command gets 60 seconds.
- A comment containing `exit N` expects that exit code; every other command must exit 0.
- A ```js block whose first line is `// NAME.js` is written to NAME.js before the commands run, so a
  suite the README shows can be run by the command that follows it.
- The README stays within 250 lines.
Commands run one after another with bash, in a scratch directory where `build/v8bench` is the binary
under test and suites/, js/, tools/, tests/, docs/ and research/ are the checkout's, so a file one
command writes (`--out sin.json`) is there for the next (`report sin.json`).
"""
import os
import re
import subprocess
import sys
import tempfile
import time

MAX_LINES = 250  # the README is a user's guide; the method lives in docs/


def fenced_blocks(text):
    """(language, lines) of every fenced block."""
    blocks, lang, lines = [], None, []
    for line in text.split('\n'):
        if lang is None:
            m = re.match(r'^```(\w*)\s*$', line)
            if m:
                lang, lines = m.group(1), []
        elif line.startswith('```'):
            blocks.append((lang, lines))
            lang = None
        else:
            lines.append(line)
    if lang is not None:
        raise SystemExit('README: a fenced block is not closed')
    return blocks


def split_comment(line):
    """(command, comment): the comment starts at ' #' outside single or double quotes."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in '\'"':
            quote = c
        elif c == '#' and i > 0 and line[i - 1] == ' ':
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ''


def commands(blocks):
    """Every sh command with its comment, continuations joined."""
    out = []
    for lang, lines in blocks:
        if lang != 'sh':
            continue
        pending = ''
        for line in lines:
            if line.rstrip().endswith('\\'):
                pending += line.rstrip()[:-1] + ' '
                continue
            cmd, comment = split_comment(pending + line)
            pending = ''
            if cmd:
                out.append((cmd, comment))
    return out


def files(blocks):
    """{name: text} of the js blocks that name their file on the first line."""
    named = {}
    for lang, lines in blocks:
        m = re.match(r'^// ([\w.-]+\.js)\s*$', lines[0]) if lang == 'js' and lines else None
        if m:
            named[m.group(1)] = '\n'.join(lines) + '\n'
    return named


def scratch_dir(tmp, v8bench, src):
    os.mkdir(os.path.join(tmp, 'build'))
    os.symlink(os.path.abspath(v8bench), os.path.join(tmp, 'build', 'v8bench'))
    for d in ('suites', 'js', 'tools', 'tests', 'docs', 'research'):
        os.symlink(os.path.join(src, d), os.path.join(tmp, d))


def run_one(cmd, comment, tmp):
    """An error message, or None when the command did what the README says."""
    m = re.search(r'~(\d+(?:\.\d+)?) (s|min)\b', comment)
    limit = 5 * float(m.group(1)) * (60 if m.group(2) == 'min' else 1) + 30 if m else 60
    m = re.search(r'\bexit (\d+)\b', comment)
    want = int(m.group(1)) if m else 0
    start = time.monotonic()
    try:
        p = subprocess.run(['bash', '-c', cmd], cwd=tmp, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f'took over {limit:.0f} s (the README promises "{comment}")'
    took = time.monotonic() - start
    print(f'  {took:6.1f} s  exit {p.returncode}  {cmd}', flush=True)
    if p.returncode != want:
        return f'exit {p.returncode}, want {want}\n--- stderr:\n{p.stderr[-3000:]}\n--- stdout:\n{p.stdout[-2000:]}'
    return None


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    v8bench, src = sys.argv[1], os.path.abspath(sys.argv[2])
    readme = sys.argv[3] if len(sys.argv) == 4 else os.path.join(src, 'README.md')
    text = open(readme, encoding='utf-8').read()
    if text.count('\n') > MAX_LINES:
        print(f'{readme}: {text.count(chr(10))} lines; a user\'s guide stays within {MAX_LINES} '
              '(method and evidence go to docs/)', file=sys.stderr)
        return 1
    blocks = fenced_blocks(text)
    cmds = commands(blocks)
    if not cmds:
        print(f'{readme}: no ```sh commands found', file=sys.stderr)
        return 1
    failures, skipped = [], 0
    with tempfile.TemporaryDirectory(prefix='v8bench-readme-') as tmp:
        scratch_dir(tmp, v8bench, src)
        for name, text in files(blocks).items():
            with open(os.path.join(tmp, name), 'w', encoding='utf-8') as f:
                f.write(text)
        for cmd, comment in cmds:
            if comment.startswith(('slow', 'not run')):
                skipped += 1
                continue
            error = run_one(cmd, comment, tmp)
            if error:
                failures.append(f'README command failed: {cmd}\n{error}')
    for f in failures:
        print(f, file=sys.stderr)
    print(f'{len(cmds) - skipped - len(failures)} of {len(cmds) - skipped} README commands ran as written '
          f'({skipped} marked slow or not run)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
