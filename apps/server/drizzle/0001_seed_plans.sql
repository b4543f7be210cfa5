-- The three starting plans, inserted once with the schema; admins edit them afterwards.
INSERT INTO "plans" ("name", "price_cents", "period_type", "highlight", "payment_methods", "active") VALUES
  ('Semanal', 2990, 'weekly', false, '{pix,cartao,boleto}', true),
  ('Mensal', 9990, 'monthly', true, '{pix,cartao,boleto}', true),
  ('Anual', 89900, 'yearly', false, '{pix,cartao,boleto}', true);
