// Jest's globalTeardown: see private-tmpdir.js.
module.exports = require('./private-tmpdir').teardown;
