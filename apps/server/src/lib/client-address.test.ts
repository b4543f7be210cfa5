// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clientAddressKey, reporterNetworkKey } from "./client-address";

test("IPv4 addresses stand for themselves", () => {
  assert.equal(clientAddressKey("203.0.113.7"), "203.0.113.7");
  assert.notEqual(clientAddressKey("203.0.113.7"), clientAddressKey("203.0.113.8"));
});

test("IPv6 addresses count by their /64, however they are written", () => {
  const key = clientAddressKey("2001:db8:1:2::1");
  assert.equal(key, "2001:db8:1:2::/64");
  assert.equal(clientAddressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"), key);
  assert.equal(clientAddressKey("2001:DB8:1:2:a::b"), key);
  assert.equal(clientAddressKey("2001:db8:1:2::1%eth0"), key);
  assert.notEqual(clientAddressKey("2001:db8:1:3::1"), key);
  assert.equal(clientAddressKey("::1"), "0:0:0:0::/64");
  assert.equal(clientAddressKey("fe80::1:2:3:4"), "fe80:0:0:0::/64");
});

test("IPv4-mapped IPv6 addresses count as the IPv4 address", () => {
  assert.equal(clientAddressKey("::ffff:203.0.113.7"), "203.0.113.7");
  assert.equal(clientAddressKey("::ffff:cb00:7107"), "203.0.113.7");
});

test("a reporter's network is an IPv4 /24 or an IPv6 /48 (coarser than the rate limits' key)", () => {
  assert.equal(reporterNetworkKey("203.0.113.7"), "203.0.113.0/24");
  assert.equal(reporterNetworkKey("203.0.113.250"), reporterNetworkKey("203.0.113.7"));
  assert.notEqual(reporterNetworkKey("203.0.114.7"), reporterNetworkKey("203.0.113.7"));
  assert.equal(reporterNetworkKey("::ffff:203.0.113.7"), "203.0.113.0/24");
  assert.equal(reporterNetworkKey("2001:db8:1:2::1"), "2001:db8:1::/48");
  assert.equal(reporterNetworkKey("2001:db8:1:ffff::1"), "2001:db8:1::/48", "every /64 of a /48 is one network");
  assert.notEqual(reporterNetworkKey("2001:db8:2::1"), "2001:db8:1::/48");
});
