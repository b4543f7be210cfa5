import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { LoginBodySchema, RegisterBodySchema } from "./index";
import { issuesOf } from "./test-helpers";

const VALID = {
  username: "ana.silva",
  email: "ana@example.com",
  password: "senha-segura-1",
  name: "Ana Silva",
  age: 29,
  phone: "",
  whatsapp: "",
  estado_id: 35,
  municipio_id: 3550308,
  category_id: 1,
};

describe("RegisterBodySchema", () => {
  test("an empty body names every required field in Portuguese", () => {
    assert.deepEqual(issuesOf(RegisterBodySchema, {}), {
      username: "Usuário é obrigatório",
      email: "E-mail é obrigatório",
      password: "Senha é obrigatória",
      name: "Nome é obrigatório",
      age: "Idade é obrigatória",
      estado_id: "Estado é obrigatório",
      municipio_id: "Município é obrigatório",
      category_id: "Categoria é obrigatória",
    });
  });

  test("form text is normalised: trimmed, lower-cased login, numbers from text, phone digits only", () => {
    const body = RegisterBodySchema.parse({
      ...VALID,
      username: " Ana.Silva ",
      email: " ANA@Example.com ",
      name: " Ana ",
      age: "29",
      phone: "(11) 98765-4321",
      whatsapp: "",
      estado_id: "35",
      municipio_id: "3550308",
      category_id: "1",
    });
    assert.equal(body.username, "ana.silva");
    assert.equal(body.email, "ana@example.com");
    assert.equal(body.name, "Ana");
    assert.equal(body.age, 29);
    assert.equal(body.phone, "11987654321");
    assert.equal(body.whatsapp, null, "an empty phone means none");
    assert.deepEqual([body.estado_id, body.municipio_id, body.category_id], [35, 3550308, 1]);
  });

  test("age is a whole number from 18 to 100", () => {
    assert.deepEqual(issuesOf(RegisterBodySchema, { ...VALID, age: 17 }), { age: "A idade mínima é 18 anos" });
    assert.deepEqual(issuesOf(RegisterBodySchema, { ...VALID, age: 101 }), { age: "A idade máxima é 100 anos" });
    assert.deepEqual(issuesOf(RegisterBodySchema, { ...VALID, age: "29.5" }), {
      age: "A idade deve ser um número inteiro",
    });
    assert.equal(RegisterBodySchema.parse({ ...VALID, age: 18 }).age, 18);
    assert.equal(RegisterBodySchema.parse({ ...VALID, age: 100 }).age, 100);
  });

  test("ids must be numbers or numeric text, never arrays or booleans, and within range", () => {
    assert.deepEqual(issuesOf(RegisterBodySchema, { ...VALID, category_id: [1], estado_id: true }), {
      category_id: "Categoria é obrigatória",
      estado_id: "Estado é obrigatório",
    });
    assert.deepEqual(issuesOf(RegisterBodySchema, { ...VALID, estado_id: 100, municipio_id: 2_147_483_648 }), {
      estado_id: "Estado inválido",
      municipio_id: "Município inválido",
    });
  });

  test("bad username, e-mail, short password and phone", () => {
    assert.deepEqual(
      issuesOf(RegisterBodySchema, {
        ...VALID,
        username: "ana silva",
        email: "ana@",
        password: "1234567",
        phone: "123",
      }),
      {
        username: "Use apenas letras, números, ponto, hífen ou sublinhado",
        email: "E-mail inválido",
        password: "A senha deve ter pelo menos 8 caracteres",
        phone: "Telefone inválido: use DDD e número",
      },
    );
  });
});

describe("LoginBodySchema", () => {
  test("e-mail is trimmed and lower-cased; both fields are required", () => {
    assert.deepEqual(LoginBodySchema.parse({ email: " Ana@Example.COM ", password: "x" }), {
      email: "ana@example.com",
      password: "x",
    });
    assert.deepEqual(issuesOf(LoginBodySchema, { email: "", password: "" }), {
      email: "E-mail é obrigatório",
      password: "Senha é obrigatória",
    });
  });
});
