import type { Router } from 'express';
import type { OtpSent, SandboxInstruction, VerificationService, WhatsappStatus } from './verification.service.js';

const body = (b: unknown) => (b ?? {}) as Record<string, unknown>;

const restSandbox = (s: SandboxInstruction) => ({ join_phrase: s.joinPhrase, number: s.number });

const restSent = (s: OtpSent, message: string) => ({
  success: true,
  status: s.status,
  message,
  channel: s.channel,
  to: s.to,
  expires_in_seconds: s.expiresInSeconds,
  resend_after_seconds: s.resendAfterSeconds,
});

const restStatus = (s: WhatsappStatus) => ({
  whatsapp_number: s.whatsappNumber,
  whatsapp_verified: s.whatsappVerified,
  pending_number: s.pendingNumber,
  resend_after_seconds: s.resendAfterSeconds,
  available: s.available,
  sandbox: restSandbox(s.sandbox),
});

/** REST shim: the code calls of docs/product.md#rest-shim. Errors carry `details.otpStatus`. */
export function verificationRoutes(r: Router, { verification }: { verification: VerificationService }): void {
  r.post('/auth/send-email-otp', async (req, res) => {
    const sent = await verification.sendEmailOtp(req.ctx, { email: body(req.body).email });
    res.json(restSent(sent, 'Verification code sent'));
  });

  r.post('/auth/verify-email-otp', async (req, res) => {
    const b = body(req.body);
    const result = await verification.verifyEmailOtp(req.ctx, { email: b.email, otp: b.otp });
    res.json({ success: true, status: result.status, message: 'Email verified successfully', email: result.email });
  });

  r.post('/auth/send-whatsapp-otp', async (req, res) => {
    const sent = await verification.sendWhatsappOtp(req.ctx, { whatsappNumber: body(req.body).whatsapp_number });
    res.json({ ...restSent(sent, 'OTP sent'), whatsapp_number: sent.to, sandbox: restSandbox(sent.sandbox) });
  });

  r.post('/auth/verify-whatsapp-otp', async (req, res) => {
    const b = body(req.body);
    const status = await verification.verifyWhatsappOtp(req.ctx, { whatsappNumber: b.whatsapp_number, otp: b.otp });
    res.json({ success: true, status: 'verified', message: 'WhatsApp number verified', ...restStatus(status) });
  });

  r.get('/auth/whatsapp-status', async (req, res) => {
    res.json(restStatus(await verification.whatsappStatus(req.ctx)));
  });
}
