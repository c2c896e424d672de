-- Community's category filter counts its matches from a counter (docs/performance.md, "Search at
-- a million reports"): counting them from the reports read up to 10,001 rows of the table on
-- every first page (230-350 ms at a million). This table keeps, per peptide and purpose group,
-- how many published reports fall in it, in the same transaction as every write, like
-- demographic_cells (008_disclosure_cells.sql); only published reports count (009_moderation.sql).
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
create table experience_group_counts (
  peptide_id uuid not null,
  purpose_group text not null,
  n integer not null default 0 check (n >= 0),
  primary key (purpose_group, peptide_id)
);

insert into experience_group_counts (peptide_id, purpose_group, n)
select e.peptide_id, g, count(distinct e.id)::int
  from experiences e, unnest(e.purpose_groups) g
 where e.status = 'published'
 group by 1, 2;

create function experience_group_counts_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    update experience_group_counts set n = n - 1
     where peptide_id = old.peptide_id and purpose_group = any(old.purpose_groups);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status = 'published' then
      insert into experience_group_counts (peptide_id, purpose_group, n)
      select distinct new.peptide_id, g, 1 from unnest(new.purpose_groups) g
      on conflict (purpose_group, peptide_id) do update set n = experience_group_counts.n + 1;
    end if;
    return new;
  end if;
  return old;
end;
$$;

-- Only writes that can move a report in or out of a group fire it (not votes, not story edits).
create trigger experiences_group_counts
  after insert or delete or update of peptide_id, purpose_groups, status on experiences
  for each row execute function experience_group_counts_trigger();
