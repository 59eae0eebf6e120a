-- Issue 32 for issue 27's outbox: the delivery worker sleeps until a message is queued (any API
-- process) instead of polling every 2 s; retries and rate-limited messages are timed by the
-- worker itself (nextDueMs), and a slow safety poll covers what a notification could miss.
CREATE FUNCTION nuage_notifications_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nuage_notifications', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notification_outbox_queued AFTER INSERT ON notification_outbox
FOR EACH STATEMENT EXECUTE FUNCTION nuage_notifications_queued();
