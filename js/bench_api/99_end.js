})(globalThis);
