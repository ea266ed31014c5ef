-- A deleted session (signed out, signed out everywhere by an admin, suspended, expired and cleared, its
-- user deleted) is announced on the channel session_ended with its id, at commit: every instance ends
-- the event streams that were opened with it (src/server/features/live/sessions.ts).
CREATE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_ended" AFTER DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "announce_session_ended"();
