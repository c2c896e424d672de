-- The Research Hub's "Hidden reports" view (services/moderation.ts queue, view=hidden) pages
-- hidden reports oldest first; like held ones (009_moderation.sql), they get an index of their own.
create index experiences_hidden_idx on experiences (created_at, id) where status = 'hidden';
