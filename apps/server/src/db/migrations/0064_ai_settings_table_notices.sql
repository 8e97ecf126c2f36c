-- A workspace's AI provider settings are kept between requests like the session's (docs/decisions/0136): a write
-- to their table is announced on the same channel, from every process.
CREATE TRIGGER workspace_ai_settings_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_ai_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
