import { expect, test, type Browser } from '@playwright/test';
import { urls } from '../../scripts/lib/stack.mjs';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

/** The newest message the api's dev mailbox holds for `email`. */
async function mailTo(email: string): Promise<DevMail | undefined> {
  const response = await fetch(`${urls.api}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: DevMail[] };
  return messages[0];
}

const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  return (await browser.newContext({ viewport })).newPage();
}

for (const viewport of viewports) {
  test(`a farm shared with a new address arrives by e-mail and is in the invitee's list as viewer (${viewport.name})`, async ({
    browser,
  }) => {
    const farmName = `Clare Valley ${viewport.name} ${Date.now() % 100000}`;
    const invitee = uniqueEmail('agronomist');

    // The owner shares the farm with an address that has no account yet.
    const owner = await newPage(browser, viewport);
    await signUpAndOnboard(owner, uniqueEmail('owner'), { first: 'Olive', last: 'Owner' });
    const farmId = await farmWithField(owner, await bearerOf(owner), farmName);
    await owner.goto(`/farms/${farmId}/details`);
    await owner.getByRole('tab', { name: 'Collaborators' }).click();
    await owner.getByRole('button', { name: 'Invite Collaborator' }).click();
    const share = owner.getByRole('dialog');
    await share.getByLabel('Email addresses').fill(invitee);
    await share.getByLabel('Email addresses').press('Space');
    await share.getByLabel('Permission').selectOption('viewer');
    await share.getByRole('button', { name: 'Share' }).click();
    await expect(owner.getByText('Farms shared successfully')).toBeVisible();
    await expect(owner.getByRole('row').filter({ hasText: invitee })).toContainText('Pending invitation');

    // The e-mail arrives in the dev mailbox: the farm, the role, who invited, and a link.
    await expect.poll(async () => (await mailTo(invitee))?.link ?? '').toContain('/invitation?token=');
    const mail = (await mailTo(invitee)) as DevMail;
    expect(mail.subject).toBe(`Olive Owner shared '${farmName}' with you on Paddock`);
    expect(mail.text).toContain(`Olive Owner invited you to the farm '${farmName}' on Paddock as viewer`);

    // The invitee opens the link: the sign-up form comes with the invited address filled in.
    const agronomist = await newPage(browser, viewport);
    await agronomist.goto(mail.link as string);
    await expect(agronomist.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expect(agronomist.getByLabel('Email')).toHaveValue(invitee);
    await agronomist.getByLabel('Password').fill('a-strong-password');
    await agronomist.getByRole('button', { name: 'Sign up' }).click();
    await expect(agronomist.getByRole('heading', { name: `You now have access to ${farmName}` })).toBeVisible();
    await expect(agronomist.getByText('Your email address is verified.')).toBeVisible();

    // On to the farms: the verified newcomer accepts the terms once, then the farm is in the list.
    await agronomist.getByRole('button', { name: 'Open my farms' }).click();
    await expect(agronomist).toHaveURL(/\/getting-started\/terms-and-conditions$/);
    await agronomist.getByText('I have read and agree to the terms and conditions.').click();
    await agronomist.getByText('I have read and understand the information collection notice.').click();
    await agronomist.getByRole('button', { name: 'Start using Paddock' }).click();
    await expect(agronomist).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await agronomist.goto('/farms');
    await expect(agronomist.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
    await expect(agronomist.getByRole('link', { name: farmName, exact: true })).toBeVisible();
    await expect(agronomist.getByRole('region', { name: 'Farms waiting for your email' })).toHaveCount(0);
    // Viewer rights: nothing that would change or share it.
    await expect(agronomist.getByRole('button', { name: `Delete ${farmName}` })).toHaveCount(0);
    await expect(agronomist.getByRole('button', { name: `Share ${farmName}` })).toHaveCount(0);
    await agronomist.goto(`/farms/${farmId}/details`);
    await expect(agronomist.getByRole('heading', { name: farmName })).toBeVisible();
    await expect(agronomist.getByRole('button', { name: 'Rename farm' })).toHaveCount(0);
    await expect(agronomist.getByRole('button', { name: 'Create Field' })).toHaveCount(0);

    // The invitation is used: the owner sees an active viewer, and the link does not work twice.
    await owner.reload();
    await owner.getByRole('tab', { name: 'Collaborators' }).click();
    const row = owner.getByRole('row').filter({ hasText: invitee });
    await expect(row).toContainText(/viewer/i);
    await expect(row).not.toContainText('Pending invitation');
    await agronomist.goto(mail.link as string);
    await expect(agronomist.getByText(/already been used or was withdrawn/)).toBeVisible();
  });
}
