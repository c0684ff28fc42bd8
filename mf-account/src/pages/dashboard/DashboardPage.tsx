import { Link, Navigate } from 'react-router-dom';
import {
  onboardingRedirect,
  paths,
  productPath,
  type FarmMapNavState,
  type FarmsNavState,
  type OrdersNavState,
} from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { Button, goTo, Spinner } from '@paddock/shared/ui';
import { WaitingFarmsNotice } from '@paddock/shared/ui/waiting-farms';
import { useAccount, useAccountStore } from '../../context';
import { DASHBOARD_FAVOURITES } from '../../lib/links';
import { greetingName } from '../../lib/profile';
import { SubscriptionPanel } from './SubscriptionPanel';
import styles from './Dashboard.module.css';

const todayIso = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Spec 3 §2.5: welcome, favourites, subscription, totals, upcoming counts, guides. */
export function DashboardPage() {
  const { auth, config } = useAccount();
  const profile = useAccountStore((state) => state.profile);
  const user = useAccountStore((state) => state.user);
  const name = greetingName(profile.account, user);

  // The spec README's rule (the farms page's): terms accepted → stay, whatever the e-mail state.
  const redirect = onboardingRedirect(
    paths.dashboard,
    profile,
    Boolean(auth.user.email_verified ?? user.email_verified),
  );
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Dashboard</h1>
      <WaitingFarmsNotice auth={auth} config={config} />
      <section className={styles.banner} aria-labelledby="dashboard-welcome">
        <h2 id="dashboard-welcome" className={styles.welcome}>
          {name ? `Welcome, ${name}` : 'Welcome'}
        </h2>
        <p className={styles.lead}>Your farms, imagery, orders and bookings, all in one place.</p>
      </section>
      <div className={styles.grid}>
        <div className={styles.main}>
          <Totals />
          <Favourites />
        </div>
        <div className={styles.side}>
          <SubscriptionPanel />
          <Upcoming />
        </div>
      </div>
      <Guides />
    </div>
  );
}

function Totals() {
  const { overview } = useAccount();
  const totals = useQuery({ queryKey: queryKeys.overview.totals(), queryFn: () => overview.totals() });
  if (totals.isPending)
    return (
      <section className={styles.card} aria-label="Your farms at a glance">
        <Spinner label="Loading your totals" />
      </section>
    );
  if (totals.isError)
    return (
      <section className={styles.card} aria-label="Your farms at a glance" role="alert">
        <p className={styles.muted}>Your totals could not be loaded.</p>
        <Button variant="secondary" onClick={() => void totals.refetch()}>
          Try again
        </Button>
      </section>
    );
  if (totals.data.farms === 0) return <GrowTogether />;
  return (
    <section className={styles.card} aria-labelledby="dashboard-totals">
      <h2 id="dashboard-totals" className={styles.cardTitle}>
        Summary
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>Total farms</dt>
          <dd>{totals.data.farms.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>Total fields</dt>
          <dd>{totals.data.fields.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>Total hectares</dt>
          <dd>{formatHectares(totals.data.hectares)}</dd>
        </div>
      </dl>
    </section>
  );
}

function GrowTogether() {
  const { basename } = useAccount();
  const create = () => {
    const state: FarmsNavState = { createFarm: true };
    goTo(basename, paths.farms, state);
  };
  return (
    <section className={`${styles.card} ${styles.grow}`} aria-labelledby="dashboard-grow">
      <h2 id="dashboard-grow" className={styles.cardTitle}>
        Let&apos;s grow together
      </h2>
      <p className={styles.muted}>
        You have no farms yet. Create your first farm, draw or import its fields, and Paddock brings the satellite
        imagery to you.
      </p>
      <Button onClick={create}>Create New</Button>
    </section>
  );
}

function Favourites() {
  const { overview, basename } = useAccount();
  const favourites = useQuery({
    queryKey: queryKeys.overview.favourites(),
    queryFn: () => overview.favourites(DASHBOARD_FAVOURITES),
  });
  const viewMore = () => {
    const state: FarmsNavState = { favourites: true };
    goTo(basename, paths.farms, state);
  };
  return (
    <section className={styles.card} aria-labelledby="dashboard-favourites">
      <h2 id="dashboard-favourites" className={styles.cardTitle}>
        My favorites
      </h2>
      {favourites.isPending && <Spinner label="Loading your favourites" />}
      {favourites.isError && (
        <div role="alert">
          <p className={styles.muted}>Your favourites could not be loaded.</p>
          <Button variant="secondary" onClick={() => void favourites.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {favourites.data && favourites.data.farms.length === 0 && (
        <p className={styles.muted}>Star a farm on the Farms page and it appears here.</p>
      )}
      {favourites.data && favourites.data.farms.length > 0 && (
        <ul className={styles.favourites}>
          {favourites.data.farms.slice(0, DASHBOARD_FAVOURITES).map((farm) => (
            <li key={farm.properties.farm_id}>
              <a
                href={paths.farmMap(farm.properties.farm_id)}
                onClick={(event) => {
                  event.preventDefault();
                  goTo(basename, paths.farmMap(farm.properties.farm_id));
                }}
              >
                <span className={styles.farmName}>{farm.properties.farm_name}</span>
                <span className={styles.farmMeta}>
                  {farm.properties.number_of_fields} {farm.properties.number_of_fields === 1 ? 'field' : 'fields'} ·{' '}
                  {formatHectares(farm.properties.farm_area)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {favourites.data && favourites.data.total > DASHBOARD_FAVOURITES && (
        <Button variant="secondary" onClick={viewMore}>
          View more
        </Button>
      )}
    </section>
  );
}

function Upcoming() {
  const { overview, basename } = useAccount();
  const orders = useQuery({ queryKey: queryKeys.overview.upcomingOrders(), queryFn: () => overview.upcomingOrders() });
  const bookings = useQuery({
    queryKey: queryKeys.overview.upcomingBookings(),
    queryFn: () => overview.upcomingBookings(todayIso()),
  });
  const zoning = useQuery({ queryKey: queryKeys.overview.zoningOrders(), queryFn: () => overview.zoningOrders() });
  const open = (tab: NonNullable<OrdersNavState['tab']>) => {
    const state: OrdersNavState = { tab };
    goTo(basename, paths.orders, state);
  };
  const count = (query: typeof orders) => (query.isPending ? '…' : query.isError ? '–' : String(query.data));
  return (
    <section className={styles.card} aria-labelledby="dashboard-upcoming">
      <h2 id="dashboard-upcoming" className={styles.cardTitle}>
        Upcoming
      </h2>
      <ul className={styles.upcoming}>
        {(
          [
            ['orders', orders, 'Upcoming orders'],
            ['bookings', bookings, 'Upcoming bookings'],
            ['zoning', zoning, 'Zoning orders'],
          ] as const
        ).map(([tab, query, label]) => (
          <li key={tab}>
            <a
              href={paths.orders}
              onClick={(event) => {
                event.preventDefault();
                open(tab);
              }}
            >
              <span className={styles.count} aria-busy={query.isPending || undefined}>
                {count(query)}
              </span>{' '}
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Guides() {
  const { config } = useAccount();
  return (
    <section className={styles.guides} aria-labelledby="dashboard-guides">
      <h2 id="dashboard-guides" className={styles.cardTitle}>
        Guides and help
      </h2>
      <div className={styles.guideGrid}>
        <article className={styles.card}>
          <h3 className={styles.guideTitle}>Store</h3>
          <p className={styles.muted}>High-resolution imagery, Rapid-EM soil surveys and the Advanced plan.</p>
          <Link to={paths.store} className={styles.link}>
            Visit the Store
          </Link>
        </article>
        <article className={styles.card}>
          <h3 className={styles.guideTitle}>Need help?</h3>
          <p className={styles.muted}>Our team answers every question about your farms and imagery.</p>
          <a href={`mailto:${config.supportEmail}`} className={styles.link}>
            {config.supportEmail}
          </a>
        </article>
        <TutorialCard />
      </div>
    </section>
  );
}

/**
 * The tutorial link (spec 3 §2.5): the product's own guided tour of the farm map, opened on the
 * user's most recently changed farm even when they turned it off for later visits. Without a farm
 * there is no map to tour yet: the link creates the first farm, whose map starts the tour.
 */
function TutorialCard() {
  const { overview, basename } = useAccount();
  const farm = useQuery({ queryKey: queryKeys.overview.tourFarm(), queryFn: () => overview.tourFarm() });
  const target = farm.data;
  return (
    <article className={styles.card} aria-labelledby="dashboard-tutorial">
      <h3 id="dashboard-tutorial" className={styles.guideTitle}>
        Tutorial
      </h3>
      <p className={styles.muted}>A short guided tour of the farm map: fields, layers, calculations and dates.</p>
      {farm.isPending && <Spinner label="Loading the tutorial" />}
      {target && (
        <a
          href={productPath(basename, paths.farmMap(target.properties.farm_id))}
          className={styles.link}
          onClick={(event) => {
            event.preventDefault();
            const state: FarmMapNavState = { tutorial: true };
            goTo(basename, paths.farmMap(target.properties.farm_id), state);
          }}
        >
          Start the map tutorial
        </a>
      )}
      {(target === null || farm.isError) && (
        <a
          href={productPath(basename, paths.farms)}
          className={styles.link}
          onClick={(event) => {
            event.preventDefault();
            const state: FarmsNavState = target === null ? { createFarm: true } : {};
            goTo(basename, paths.farms, state);
          }}
        >
          {target === null ? 'Create a farm to start the tutorial' : 'Open your farms to start the tutorial'}
        </a>
      )}
    </article>
  );
}
