/** Email texts. Every one names the white-label product (PRODUCT_NAME). */
export interface EmailContent {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(
  product: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  reason = `You receive this email because of your ${product} account.`,
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#4c6ef5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="margin:0 0 16px;color:#666;font-size:13px">Or paste this link into your browser:<br>${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f4f5f7;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px"><h2 style="margin:0 0 24px;color:#364fc7">${escape(product)}</h2>${body}${button}<p style="margin:32px 0 0;color:#888;font-size:12px">${escape(reason)}</p></div></body></html>`;
}

export const emailTemplates = {
  /** Issue 12, item 4: someone tried to take over an enrolled device by its serial number. */
  deviceReenrolRefused(product: string, name: string, serialNumber: string, ip: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Someone tried to enrol the device with serial number ${serialNumber} again, from the address ${ip}, with your enrolment QR code but without the device's own credential. The attempt was refused; the device keeps working.`,
      'If this was you (a reinstalled app), log the device out in the console first, then enrol it again. If it was not, rotate the enrolment QR code on Update Profile.',
    ];
    return {
      template: 'device-reenrol-refused',
      subject: `${product}: an attempt to take over device ${serialNumber} was refused`,
      text: lines.join('\n\n') + '\n',
      html: layout(product, lines),
    };
  },
  /** Sent to an address not yet verified: no text the registrant chose (issue 12, item 8), so not their name. */
  verifyEmail(product: string, url: string): EmailContent {
    const lines = [
      'Hello,',
      `Welcome to ${product}. Please confirm your email address to activate your account. The link is valid for 24 hours.`,
    ];
    return {
      template: 'verify-email',
      subject: `Verify your email for ${product}`,
      text: `${lines.join('\n\n')}\n\n${url}\n`,
      html: layout(product, lines, { label: 'Verify email', url }),
    };
  },
  /** DECISIONS §9: the newsletter's double opt-in; sent to an address someone typed, so no text they chose. */
  newsletterConfirm(product: string, url: string): EmailContent {
    const lines = [
      'Hello,',
      `Someone (we hope you) signed this address up for the ${product} newsletter. Please confirm with the link below: it is valid for 7 days.`,
      'If it was not you, ignore this email: the address will not be subscribed.',
    ];
    return {
      template: 'newsletter-confirm',
      subject: `Confirm your ${product} newsletter subscription`,
      text: `${lines.join('\n\n')}\n\n${url}\n`,
      // No account behind a sign-up: the footer says why the email came instead.
      html: layout(
        product,
        lines,
        { label: 'Confirm subscription', url },
        `You receive this email because this address was entered in the ${product} newsletter sign-up.`,
      ),
    };
  },
  /** DECISIONS §12: an invitation to join an account; the link works once, for 7 days. */
  teamInvite(product: string, inviter: string, account: string, role: string, url: string): EmailContent {
    const lines = [
      'Hello,',
      `${inviter} invites you to the ${product} account of ${account} as ${role}.`,
      'Accept with the link below, choosing your name and a password: it is valid for 7 days and works once. Then sign in with this email address and that password.',
      'If you did not expect this, ignore this email.',
    ];
    return {
      template: 'team-invite',
      subject: `You are invited to ${account} on ${product}`,
      text: lines.join('\n\n') + '\n\n' + url + '\n',
      html: layout(product, lines, { label: 'Accept the invitation', url }),
    };
  },
  loginCode(product: string, name: string, code: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Your ${product} login code is ${code}. It is valid for 10 minutes.`,
      'If you did not try to log in, change your password.',
    ];
    return {
      template: 'login-code',
      subject: `${product} login code: ${code}`,
      text: lines.join('\n\n') + '\n',
      html: layout(product, lines),
    };
  },
  /** `name` is null when the address is not verified yet: no user-chosen text to it (issue 12, item 8). */
  /** A customer created by staff (DECISIONS §14): set your own password. */
  welcome(product: string, name: string, url: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `An account of ${product} has been created for you. Please set your own password with the link below: it is valid for 7 days and works once.`,
      'Then log in with your email address and that password.',
    ];
    return {
      template: 'welcome',
      subject: `Welcome to ${product}: set your password`,
      text: `${lines.join('\n\n')}\n\n${url}\n`,
      html: layout(product, lines, { label: 'Set your password', url }),
    };
  },
  resetPassword(product: string, name: string | null, url: string): EmailContent {
    const lines = [
      name === null ? 'Hello,' : `Hello ${name},`,
      `Someone asked to reset the password of your ${product} account. The link is valid for 60 minutes and works once.`,
      'If it was not you, ignore this email.',
    ];
    return {
      template: 'reset-password',
      subject: `Reset your ${product} password`,
      text: `${lines.join('\n\n')}\n\n${url}\n`,
      html: layout(product, lines, { label: 'Reset password', url }),
    };
  },
  /** Issue 12, item 8: two-step verification was turned off (with the password). */
  twoStepDisabled(product: string, name: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Two-step email verification was just turned off on your ${product} account: logging in now needs the password only.`,
      'If you did not do this, reset your password at once and turn two-step verification on again under Privacy & Security.',
    ];
    return {
      template: 'two-step-disabled',
      subject: `Two-step verification was turned off on your ${product} account`,
      text: lines.join('\n\n') + '\n',
      html: layout(product, lines),
    };
  },
  passwordChanged(product: string, name: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `The password of your ${product} account was just changed, and every session was signed out.`,
      'If you did not do this, reset your password at once.',
    ];
    return {
      template: 'password-changed',
      subject: `Your ${product} password was changed`,
      text: lines.join('\n\n') + '\n',
      html: layout(product, lines),
    };
  },
  /** DECISIONS §8 (issue 24 M2): a SuperAdmin set the password on Edit customer. */
  passwordChangedByStaff(product: string, name: string): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Your password was changed by ${product} support, and every session of your account was signed out.`,
      'If you did not ask for this, reset your password at once and contact support.',
    ];
    return {
      template: 'password-changed-by-staff',
      subject: `Your ${product} password was changed by ${product} support`,
      text: lines.join('\n\n') + '\n',
      html: layout(product, lines),
    };
  },
  orderConfirmation(
    product: string,
    name: string,
    order: { productName: string; qty: number; total: string; reason: string; expiry: string | null; url: string },
  ): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Thank you for your payment. Your order is confirmed.`,
      `${order.productName}: ${order.qty} licence${order.qty === 1 ? '' : 's'} (${order.reason}), total ${order.total}.`,
      order.expiry ? `Your licences are valid until ${order.expiry}.` : '',
    ].filter(Boolean);
    return {
      template: 'order-confirmation',
      subject: `${product} order confirmation: ${order.productName}`,
      text: `${lines.join('\n\n')}\n\n${order.url}\n`,
      html: layout(product, lines, { label: 'View payment history', url: order.url }),
    };
  },
  paymentFailed(
    product: string,
    name: string,
    order: { productName: string; qty: number; total: string; message: string; url: string },
  ): EmailContent {
    const lines = [
      `Hello ${name},`,
      `Your payment of ${order.total} for ${order.productName} (${order.qty} licence${order.qty === 1 ? '' : 's'}) failed: ${order.message}`,
      'No licences were added. You can try again with another card.',
    ];
    return {
      template: 'payment-failed',
      subject: `${product} payment failed: ${order.productName}`,
      text: `${lines.join('\n\n')}\n\n${order.url}\n`,
      html: layout(product, lines, { label: 'Try again', url: order.url }),
    };
  },
  /** DECISIONS §10: a staged rollout paused itself because too many devices failed to apply its version. */
  rolloutPaused(
    product: string,
    name: string,
    rollout: { template: string; reason: string; url: string },
  ): EmailContent {
    const lines = [
      `Hello ${name},`,
      `The rollout of the template ${rollout.template} paused itself: ${rollout.reason}.`,
      'No further device gets this version until you resume the rollout. You can also roll it back: each changed device gets its settings from before the rollout again.',
    ];
    return {
      template: 'rollout-paused',
      subject: `${product}: a rollout of ${rollout.template} paused itself`,
      text: `${lines.join('\n\n')}\n\n${rollout.url}\n`,
      html: layout(product, lines, { label: 'Open the rollout', url: rollout.url }),
    };
  },
  /** DECISIONS §13: a webhook endpoint failing for days was turned off; to the account's Owners. */
  webhookDisabled(
    product: string,
    name: string,
    endpoint: { url: string; days: number; failingSince: string; consoleUrl: string },
  ): EmailContent {
    const lines = [
      `Hello ${name},`,
      `The webhook endpoint ${endpoint.url} has not accepted a delivery since ${endpoint.failingSince}, so after ${endpoint.days} days of failures it was disabled: no further events are sent to it.`,
      'Check that the address answers with a 2xx status within 10 seconds, then turn the endpoint back on in the console. Its delivery log shows each failure.',
    ];
    return {
      template: 'webhook-disabled',
      subject: `${product}: a webhook endpoint was disabled after failing for ${endpoint.days} days`,
      text: `${lines.join('\n\n')}\n\n${endpoint.consoleUrl}\n`,
      html: layout(product, lines, { label: 'Open webhooks', url: endpoint.consoleUrl }),
    };
  },
};
