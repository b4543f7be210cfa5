-- "Com fotos" (decision 080): whether she has a public main photo is a field the listing filters read, so a change
-- of a public main photo (added, made main or not, made public or private, removed) also touches the filtered
-- listings of her city and of the country (filters:city:<c>, filters), besides her profile and card (0033).
CREATE OR REPLACE FUNCTION "public_change_for_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
  main_changed boolean := false;
  mid integer;
  city integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    mid := OLD."model_id";
    tags := tags || ('model:' || OLD."model_id");
    IF OLD."is_primary" THEN
      tags := tags || ('card:' || OLD."model_id");
      main_changed := true;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    mid := NEW."model_id";
    tags := tags || ('model:' || NEW."model_id");
    IF NEW."is_primary" THEN
      tags := tags || ('card:' || NEW."model_id");
      main_changed := true;
    END IF;
  END IF;
  IF main_changed THEN
    SELECT "municipio_id" INTO city FROM "models" WHERE "id" = mid;
    tags := tags || 'filters'::text;
    IF city IS NOT NULL THEN
      tags := tags || ('filters:city:' || city);
    END IF;
  END IF;
  PERFORM note_public_change(tags);
  RETURN NULL;
END
$$;
