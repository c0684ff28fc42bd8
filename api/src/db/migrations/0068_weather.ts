import { sql, type Kysely } from 'kysely';

// Weather per grid cell (issue 29): the daily series a weather source gave for one cell (0.05°, the
// SILO grid), kept by the refresh job so a request answers from here and never waits on the source.
// `weather_cells` says when the cell was last fetched successfully and how the last attempt went (a
// source that fails leaves the last good days in place and the age shows).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table weather_cells (
      source text not null,
      cell text not null,
      lat double precision not null,
      lon double precision not null,
      fetched_on timestamptz,
      attempted_on timestamptz,
      last_error text,
      attribution text,
      licence text,
      licence_url text,
      primary key (source, cell)
    )`.execute(db);
  await sql`
    create table weather_days (
      source text not null,
      cell text not null,
      day date not null,
      tmin double precision not null,
      tmax double precision not null,
      rain double precision not null,
      et double precision,
      forecast boolean not null default false,
      primary key (source, cell, day),
      foreign key (source, cell) references weather_cells (source, cell) on delete cascade
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table weather_days`.execute(db);
  await sql`drop table weather_cells`.execute(db);
}
