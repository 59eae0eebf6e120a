-- Issue 32: the reconciler and the build queue sleep until work falls due instead of polling;
-- these triggers tell every API process (LISTEN nuage_engine / nuage_builds) when a write makes
-- work due sooner than they would look. The payload of nuage_engine is when (epoch ms).
-- Only rows due within 25 s notify: a process never sleeps longer than that (its safety poll),
-- so the engine's own re-looks, 30 s ahead, cost no notification.
CREATE FUNCTION nuage_engine_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nuage_engine', (floor(extract(epoch FROM NEW.next_attempt_at) * 1000))::bigint::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deployments_engine_due AFTER INSERT OR UPDATE ON deployments
FOR EACH ROW WHEN (NEW.lease_owner IS NULL AND NEW.next_attempt_at < now() + interval '25 seconds')
EXECUTE FUNCTION nuage_engine_due();
--> statement-breakpoint
CREATE TRIGGER environments_engine_due AFTER INSERT OR UPDATE ON environments
FOR EACH ROW WHEN (
  NEW.lease_owner IS NULL
  AND NEW.status IN ('pending', 'failed', 'deleting')
  AND NEW.next_attempt_at < now() + interval '25 seconds'
)
EXECUTE FUNCTION nuage_engine_due();
--> statement-breakpoint
CREATE FUNCTION nuage_engine_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nuage_engine', (floor(extract(epoch FROM now()) * 1000))::bigint::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_engine_deleting AFTER UPDATE OF deleting_at ON projects
FOR EACH ROW WHEN (NEW.deleting_at IS NOT NULL)
EXECUTE FUNCTION nuage_engine_now();
--> statement-breakpoint
CREATE FUNCTION nuage_builds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nuage_builds', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER builds_queue_changed AFTER INSERT OR UPDATE OF status ON builds
FOR EACH STATEMENT EXECUTE FUNCTION nuage_builds_changed();
