// issue 12 #3 and #14: a setup that never ends is terminated at --timeout, the message gives the
// limit as written ("1 s", not "1.000000 s"), and the teardown that follows has a deadline of its
// own (it too never ends here); the next case still runs.
// args: run {self} --quick --timeout 1
// exit: 1
// timeout: 60
// stdout: the case timed out after 1 s (--timeout)
// not-stdout: 1.000000
// stdout: endless_setup/after
suite({
  name: 'endless_setup',
  benches: {
    stuck: { setup() { for (;;) {} }, teardown() { for (;;) {} }, fn: () => 1 },
    after: () => 2,
  },
});
