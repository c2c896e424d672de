-- Schema for PGlite (PostgreSQL 18) and PostgreSQL 15+: only SQL both accept.
create extension if not exists pg_trgm;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 254),
  password_hash text not null,
  role text not null default 'user' check (role in ('user', 'moderator')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  moderator_notes text,
  demographics jsonb not null default '{}'::jsonb,
  preferences jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references users(id) on delete set null
);
create unique index users_email_lower_key on users (lower(email));
create index users_pending_idx on users (created_at, id) where status = 'pending';

-- One row per refresh token; a family is one sign-in. Reusing a replaced token revokes the family.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  replaced_at timestamptz,
  revoked_at timestamptz
);
create index sessions_family_idx on sessions (family_id);
create index sessions_user_idx on sessions (user_id);

create table peptides (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 100),
  peptide_sequence text not null check (peptide_sequence ~ '^[A-Za-z]+(-[A-Za-z]+)*$'),
  category text not null check (category in ('Healing & Recovery', 'Growth Hormone', 'Performance & Enhancement',
    'Anti-Aging', 'Cognitive Enhancement', 'Metabolic Health')),
  description text not null,
  detailed_description text not null,
  mechanism text not null,
  common_dosage text not null,
  common_frequency text not null,
  common_effects text[] not null default '{}',
  side_effects text[] not null default '{}',
  common_stacks text[] not null default '{}',
  dosage_ranges jsonb not null default '{}'::jsonb,
  timeline jsonb not null default '{}'::jsonb,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- Aggregates kept up to date by triggers on experiences and votes.
  experience_count integer not null default 0 check (experience_count >= 0),
  rating_sum double precision not null default 0,
  vote_count integer not null default 0 check (vote_count >= 0)
);
create unique index peptides_name_live_key on peptides (lower(name)) where deleted_at is null;
create index peptides_category_idx on peptides (category) where deleted_at is null;

-- Anonymous by construction: no account id, address or user agent column exists.
create table experiences (
  id uuid primary key default gen_random_uuid(),
  tracking_hash text not null unique,
  peptide_id uuid not null references peptides(id),
  dosage text not null check (length(dosage) between 1 and 60),
  frequency text not null check (frequency in ('daily', 'every-other-day', 'twice-weekly', 'weekly', 'as-needed')),
  duration_days integer not null check (duration_days > 0 and duration_days <= 3650),
  route text not null check (route in ('subcutaneous', 'intramuscular', 'oral', 'nasal')),
  primary_purpose text[] not null check (cardinality(primary_purpose) >= 1),
  purpose_groups text[] not null default '{}',
  age_range text not null check (age_range in ('18-25', '25-30', '30-35', '35-40', '40-45', '45-50', '50+')),
  biological_sex text not null check (biological_sex in ('male', 'female', 'prefer-not-to-say')),
  activity_level text not null check (activity_level in ('sedentary', 'moderate', 'active', 'athletic')),
  outcomes jsonb not null,
  rating double precision not null check (rating >= 1 and rating <= 10),
  effects text[] not null default '{}',
  timeline text not null check (timeline in ('immediately', '1-3-days', '1-week', '2-weeks', '3-4-weeks', '1-2-months', 'no-effects')),
  story text not null,
  stack text[] not null default '{}',
  sourcing jsonb,
  search_text text not null,
  -- Seeded demonstration reports, labelled as such wherever they are shown.
  is_demo boolean not null default false,
  helpful_count integer not null default 0 check (helpful_count >= 0),
  not_helpful_count integer not null default 0 check (not_helpful_count >= 0),
  detailed_count integer not null default 0 check (detailed_count >= 0),
  concerning_count integer not null default 0 check (concerning_count >= 0),
  -- Millisecond precision so a keyset cursor carried through JavaScript dates stays exact.
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz
);
-- Keyset paging for every feed sort, globally and per peptide.
create index experiences_newest_idx on experiences (created_at desc, id desc);
create index experiences_helpful_idx on experiences (helpful_count desc, created_at desc, id desc);
create index experiences_rating_idx on experiences (rating desc, created_at desc, id desc);
create index experiences_peptide_newest_idx on experiences (peptide_id, created_at desc, id desc);
create index experiences_groups_idx on experiences using gin (purpose_groups);
-- k-anonymity cells of the research export.
create index experiences_cell_idx on experiences (peptide_id, age_range, biological_sex, activity_level);
create index experiences_search_trgm_idx on experiences using gin (search_text gin_trgm_ops);

create table votes (
  id uuid primary key default gen_random_uuid(),
  experience_id uuid not null references experiences(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  vote_type text not null check (vote_type in ('helpful', 'not-helpful', 'detailed', 'concerning')),
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  constraint votes_one_per_account unique (user_id, experience_id)
);
create index votes_experience_idx on votes (experience_id);

create table effects (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type text not null check (type in ('positive', 'side'))
);
create unique index effects_name_key on effects (lower(name));

-- Accounts active in a month (signed in, voted or created something): a row per account and month.
create table account_activity (
  user_id uuid not null references users(id) on delete cascade,
  month date not null,
  primary key (month, user_id)
);

-- Daily counts per peptide, kept by trigger: growth, trends and trending categories read these.
create table experience_daily (
  peptide_id uuid not null references peptides(id),
  day date not null,
  experiences integer not null default 0,
  rating_sum double precision not null default 0,
  primary key (peptide_id, day)
);
create index experience_daily_day_idx on experience_daily (day);

-- Outcome sums per peptide, kept by trigger: effectiveness and comparison read these.
create table peptide_outcomes (
  peptide_id uuid not null references peptides(id),
  outcome text not null,
  total double precision not null default 0,
  n integer not null default 0,
  primary key (peptide_id, outcome)
);

-- Reported extra effects per peptide, kept by trigger.
create table peptide_reported_effects (
  peptide_id uuid not null references peptides(id),
  effect text not null,
  n integer not null default 0,
  primary key (peptide_id, effect)
);

create table app_settings (
  key text primary key,
  value text not null
);

-- Apply (sign = 1) or remove (sign = -1) one experience row from every aggregate.
create function apply_experience_aggregates(e experiences, sign integer) returns void
language plpgsql as $$
declare
  item record;
begin
  update peptides
     set experience_count = experience_count + sign,
         rating_sum = rating_sum + sign * e.rating,
         vote_count = vote_count + sign * (e.helpful_count + e.not_helpful_count + e.detailed_count + e.concerning_count)
   where id = e.peptide_id;

  insert into experience_daily (peptide_id, day, experiences, rating_sum)
  values (e.peptide_id, (e.created_at at time zone 'UTC')::date, sign, sign * e.rating)
  on conflict (peptide_id, day) do update
     set experiences = experience_daily.experiences + excluded.experiences,
         rating_sum = experience_daily.rating_sum + excluded.rating_sum;

  for item in select key, value from jsonb_each_text(e.outcomes) loop
    insert into peptide_outcomes (peptide_id, outcome, total, n)
    values (e.peptide_id, lower(item.key), sign * item.value::double precision, sign)
    on conflict (peptide_id, outcome) do update
       set total = peptide_outcomes.total + excluded.total,
           n = peptide_outcomes.n + excluded.n;
  end loop;

  for item in select distinct lower(x) as effect from unnest(e.effects) as x loop
    insert into peptide_reported_effects (peptide_id, effect, n)
    values (e.peptide_id, item.effect, sign)
    on conflict (peptide_id, effect) do update set n = peptide_reported_effects.n + excluded.n;
  end loop;
end;
$$;

create function experiences_aggregate_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    -- Vote counter changes only touch the peptide's vote total.
    if old.rating = new.rating and old.outcomes = new.outcomes and old.effects = new.effects
       and old.peptide_id = new.peptide_id and old.created_at = new.created_at then
      update peptides
         set vote_count = vote_count
           + (new.helpful_count + new.not_helpful_count + new.detailed_count + new.concerning_count)
           - (old.helpful_count + old.not_helpful_count + old.detailed_count + old.concerning_count)
       where id = new.peptide_id;
      return new;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform apply_experience_aggregates(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform apply_experience_aggregates(new, 1);
    return new;
  end if;
  return old;
end;
$$;

create trigger experiences_aggregates
after insert or update or delete on experiences
for each row execute function experiences_aggregate_trigger();

-- Vote counters on the experience row, kept by trigger so every write path agrees.
create function votes_count_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update experiences set
      helpful_count = helpful_count - (case when old.vote_type = 'helpful' then 1 else 0 end),
      not_helpful_count = not_helpful_count - (case when old.vote_type = 'not-helpful' then 1 else 0 end),
      detailed_count = detailed_count - (case when old.vote_type = 'detailed' then 1 else 0 end),
      concerning_count = concerning_count - (case when old.vote_type = 'concerning' then 1 else 0 end)
    where id = old.experience_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update experiences set
      helpful_count = helpful_count + (case when new.vote_type = 'helpful' then 1 else 0 end),
      not_helpful_count = not_helpful_count + (case when new.vote_type = 'not-helpful' then 1 else 0 end),
      detailed_count = detailed_count + (case when new.vote_type = 'detailed' then 1 else 0 end),
      concerning_count = concerning_count + (case when new.vote_type = 'concerning' then 1 else 0 end)
    where id = new.experience_id;
    return new;
  end if;
  return old;
end;
$$;

create trigger votes_counts
after insert or update or delete on votes
for each row execute function votes_count_trigger();
