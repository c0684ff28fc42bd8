import { sql, type Kysely } from 'kysely';

// Seasons per field (issue 29): crop, optional variety, sowing and harvest dates (ISO calendar days)
// and notes; at most one current season per field (a partial unique index). Today's crop type becomes
// each field's current season. A field's crop type is its current season's crop, held by the database
// both ways so the fields API (which still reads and writes `fields.crop_type`) and the seasons API
// never disagree:
// - fields → seasons: a crop type set on a field (insert, import, PATCH) becomes its current season's
//   crop; a field with no season gets a current one (statement triggers, so a 10 000-field import pays
//   one extra insert … select, not one per row);
// - seasons → fields: the current season's crop is the field's crop type; deleting the current season
//   clears it. Each direction changes only what differs, so the two never loop.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table field_seasons (
      id uuid primary key default gen_random_uuid(),
      field_id uuid not null references fields (id) on delete cascade,
      crop text,
      variety text,
      sowing_date date,
      harvest_date date,
      notes text,
      is_current boolean not null default false,
      created_on timestamptz not null default now(),
      updated_on timestamptz not null default now(),
      constraint field_seasons_harvest_after_sowing check (harvest_date is null or sowing_date is null or harvest_date >= sowing_date)
    )`.execute(db);
  await sql`create unique index field_seasons_one_current on field_seasons (field_id) where is_current`.execute(db);
  await sql`create index field_seasons_field on field_seasons (field_id, sowing_date desc nulls first)`.execute(db);

  await sql`
    insert into field_seasons (field_id, crop, is_current)
    select id, crop_type, true from fields where crop_type is not null`.execute(db);

  await sql`
    create function field_seasons_from_new_fields() returns trigger language plpgsql as $$
    begin
      insert into field_seasons (field_id, crop, is_current)
      select id, crop_type, true from new_fields where crop_type is not null;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger fields_crop_to_season_insert after insert on fields
    referencing new table as new_fields
    for each statement execute function field_seasons_from_new_fields()`.execute(db);

  await sql`
    create function field_seasons_from_changed_fields() returns trigger language plpgsql as $$
    begin
      update field_seasons s set crop = n.crop_type, updated_on = now()
      from new_fields n join old_fields o on o.id = n.id
      where s.field_id = n.id and s.is_current
        and n.crop_type is distinct from o.crop_type and s.crop is distinct from n.crop_type;
      insert into field_seasons (field_id, crop, is_current)
      select n.id, n.crop_type, true
      from new_fields n join old_fields o on o.id = n.id
      where n.crop_type is not null and n.crop_type is distinct from o.crop_type
        and not exists (select 1 from field_seasons s where s.field_id = n.id and s.is_current);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger fields_crop_to_season_update after update on fields
    referencing old table as old_fields new table as new_fields
    for each statement execute function field_seasons_from_changed_fields()`.execute(db);

  await sql`
    create function fields_crop_from_current_season() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.is_current then
          update fields set crop_type = null where id = old.field_id and crop_type is not null;
        end if;
        return null;
      end if;
      if new.is_current then
        update fields set crop_type = new.crop where id = new.field_id and crop_type is distinct from new.crop;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger field_seasons_crop_to_field after insert or update or delete on field_seasons
    for each row execute function fields_crop_from_current_season()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger field_seasons_crop_to_field on field_seasons`.execute(db);
  await sql`drop trigger fields_crop_to_season_update on fields`.execute(db);
  await sql`drop trigger fields_crop_to_season_insert on fields`.execute(db);
  await sql`drop function fields_crop_from_current_season()`.execute(db);
  await sql`drop function field_seasons_from_changed_fields()`.execute(db);
  await sql`drop function field_seasons_from_new_fields()`.execute(db);
  await sql`drop table field_seasons`.execute(db);
}
