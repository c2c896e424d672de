-- The disclosure rule (docs/product-rules.md): a report's quasi-identifiers (age range,
-- biological sex, activity level) are shown only where at least K_ANONYMITY reports of the same
-- peptide share that combination. This table keeps each combination's count, in the same
-- transaction as every write (like the other aggregates of 001_init.sql), so a page of reports
-- learns each one's cell size by primary key instead of counting.
create table demographic_cells (
  peptide_id uuid not null,
  age_range text not null,
  biological_sex text not null,
  activity_level text not null,
  n integer not null default 0 check (n >= 0),
  primary key (peptide_id, age_range, biological_sex, activity_level)
);

insert into demographic_cells (peptide_id, age_range, biological_sex, activity_level, n)
select peptide_id, age_range, biological_sex, activity_level, count(*)::int
  from experiences group by 1, 2, 3, 4;

create function demographic_cells_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update demographic_cells set n = n - 1
     where peptide_id = old.peptide_id and age_range = old.age_range
       and biological_sex = old.biological_sex and activity_level = old.activity_level;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into demographic_cells (peptide_id, age_range, biological_sex, activity_level, n)
    values (new.peptide_id, new.age_range, new.biological_sex, new.activity_level, 1)
    on conflict (peptide_id, age_range, biological_sex, activity_level) do update set n = demographic_cells.n + 1;
    return new;
  end if;
  return old;
end;
$$;

-- Only writes that can move a report between cells fire it (not votes, not story edits).
create trigger experiences_demographic_cells
  after insert or delete or update of peptide_id, age_range, biological_sex, activity_level on experiences
  for each row execute function demographic_cells_trigger();

-- Sourcing (vendor host, batch, volume) is published only when the submitter asks for it. Reports
-- written before the question existed were never asked: their sourcing stays with their owner.
alter table experiences add column publish_sourcing boolean not null default false;
