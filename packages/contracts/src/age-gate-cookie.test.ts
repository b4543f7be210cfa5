import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ageGateCookie, hasAgeGateCookie } from "./age-assurance-plain";

describe("the age gate's cookie", () => {
  test("is read only as age_ok=1 among the other cookies", () => {
    assert.equal(hasAgeGateCookie("a=b; age_ok=1; c=d"), true);
    assert.equal(hasAgeGateCookie("age_ok=1"), true);
    assert.equal(hasAgeGateCookie("age_ok=10"), false);
    assert.equal(hasAgeGateCookie("not_age_ok=1"), false);
    assert.equal(hasAgeGateCookie(""), false);
  });

  test("is written for a year, SameSite=Lax, Secure only over https, and read back", () => {
    assert.equal(ageGateCookie(false), "age_ok=1; Path=/; Max-Age=31536000; SameSite=Lax");
    assert.equal(ageGateCookie(true), "age_ok=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    assert.equal(hasAgeGateCookie(ageGateCookie(true).split(";")[0]), true);
  });
});
