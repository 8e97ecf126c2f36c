-- The API key's answer is kept between requests like the session's (docs/decisions/0125-api-key-answers-kept.md):
-- a write to the two tables it reads beyond the session's is announced on the same channel, from every process.
CREATE TRIGGER api_keys_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER user_settings_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
