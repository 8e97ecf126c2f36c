-- A write to a table the session's answer is read from is announced at commit on one channel, from every
-- process that writes it (docs/decisions/0118-session-reads-kept-on-postgres.md). One NOTIFY a statement, not a
-- row; PostgreSQL folds the same notice sent twice in one transaction into one.
CREATE OR REPLACE FUNCTION relaycast_announce_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('relaycast_table_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER users_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER workspaces_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
--> statement-breakpoint
CREATE TRIGGER workspace_members_announce_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION relaycast_announce_table_write();
