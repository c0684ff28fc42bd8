import type { FieldChangeNotification } from '@paddock/shared/contracts';
import { digestMail } from './service';

const settings = {
  appUrl: 'https://app.test',
  publicApiUrl: 'https://api.test',
  unsubscribeSecret: 'a-secret-of-some-length',
};

const alert = (earlier: string, later: string, name = 'Canola east'): FieldChangeNotification => ({
  id: `${name}-${later}`,
  kind: 'field_change',
  farm_id: 'f1',
  field_id: 'x1',
  field_name: name,
  farm_name: 'Alert Farm',
  algorithm: 'NDVI',
  earlier_date: earlier,
  later_date: later,
  mean_change: -0.21,
  percent_down: 35,
  created_on: '2026-06-20T00:00:00Z',
  read: false,
});

describe('the digest e-mail', () => {
  it('names a drop since the last clear image, with the link to compare both dates', () => {
    const mail = digestMail([alert('2026-06-10', '2026-06-20')], settings, 'a1');
    expect(mail.subject).toBe('Canola east dropped since the last clear image');
    expect(mail.text).toContain('- Canola east (Alert Farm), 10 June 2026 to 20 June 2026: NDVI mean -0.21');
    expect(mail.text).toContain('compare=standard_NDVI%402026-06-10%2Cstandard_NDVI%402026-06-20');
    expect(mail.text).toContain(`Stop these e-mails: ${mail.link}`);
  });

  it('says when the comparison was with the same time last season', () => {
    const one = digestMail([alert('2025-06-22', '2026-06-20')], settings, 'a1');
    expect(one.subject).toBe('Canola east is down on the same time last season');
    expect(one.text).toContain('22 June 2025 (the same time last season) to 20 June 2026');
    const two = digestMail(
      [alert('2026-06-10', '2026-06-20'), alert('2025-06-22', '2026-06-20', 'Wheat west')],
      settings,
      'a1',
    );
    expect(two.subject).toBe('2 paddocks dropped since their last clear image or last season');
    expect(two.text).toContain('or, where that showed no drop, with the same time last season');
  });
});
