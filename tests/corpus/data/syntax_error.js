suite({
  name: 'syntax',
  benches: { broken: () => { return 1 +; } },
});
