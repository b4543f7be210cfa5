-- A boost's place on the public pages changed (its status, times, pause or public_state): besides the list of its
-- city and her card (0046), the `boosts` tag, which the listing's one cached list of every city's live boosts shows
-- (decision 080); a city page still depends only on its own city's list.
CREATE OR REPLACE FUNCTION "public_change_for_boost"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM note_public_change(ARRAY['list:city:' || OLD."city_id", 'card:' || OLD."model_id", 'boosts']);
  ELSE
    PERFORM note_public_change(ARRAY['list:city:' || NEW."city_id", 'card:' || NEW."model_id", 'boosts']);
  END IF;
  RETURN NULL;
END
$$;
