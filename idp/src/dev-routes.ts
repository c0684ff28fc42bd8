// Small routes around the OIDC core: health check, the dev mailbox, avatars and a landing page.
import type { Context, Next } from 'koa';
import { avatarSvg } from './avatar';
import type { IdpConfig } from './config';
import { html } from './html';
import { sendHtml } from './http';
import type { Mailbox } from './mailbox';
import { mailboxPage, messagePage } from './pages';
import type { UserStore } from './users';

export interface DevRouteDeps {
  config: IdpConfig;
  users: UserStore;
  mailbox: Mailbox;
}

const AVATAR = /^\/avatars\/([^/]+)\.svg$/;

export function devRoutes({ config, users, mailbox }: DevRouteDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next();
      return;
    }
    if (ctx.path === '/health') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    // The dev mailbox lists every verification link to anyone: development only.
    if (config.production && ctx.path.startsWith('/dev/')) {
      await next();
      return;
    }
    if (ctx.path === '/dev/mailbox.json') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { messages: mailbox.list() };
      return;
    }
    if (ctx.path === '/dev/mailbox') {
      sendHtml(ctx, 200, mailboxPage(mailbox.list()));
      return;
    }
    const avatar = AVATAR.exec(ctx.path);
    if (avatar?.[1]) {
      let sub: string;
      try {
        sub = decodeURIComponent(avatar[1]);
      } catch {
        sub = '';
      }
      const user = users.findBySub(sub);
      // Unknown subjects get a neutral avatar rather than a 404, which would reveal who exists.
      ctx.type = 'image/svg+xml';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      ctx.body = avatarSvg(sub, user ? user.nickname || user.email : '?');
      return;
    }
    if (ctx.path === '/') {
      sendHtml(
        ctx,
        200,
        messagePage({
          title: 'Identity',
          heading: 'Paddock identity service',
          message: config.production
            ? 'This is the sign-in service of Paddock.'
            : 'This is the local sign-in service used by Paddock in development.',
          // The dev mailbox exists only in development: production links to nothing it does not serve.
          extra: config.production
            ? html`<p class="hint">
                Issuer <code>${config.issuer}</code> ·
                <a href="/.well-known/openid-configuration">OpenID configuration</a>
              </p>`
            : html`<p class="hint">
                Issuer <code>${config.issuer}</code> ·
                <a href="/.well-known/openid-configuration">OpenID configuration</a> ·
                <a href="/dev/mailbox">Dev mailbox</a>
              </p>`,
          link: { href: config.appUrl, label: 'Open Paddock' },
        }),
      );
      return;
    }
    await next();
  };
}
