import { ACCOUNT_MSG, PASSWORD_PATTERN, RESEND_SECONDS } from '@shop/domain/account/rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { focusFirstError, TextField } from '../../components/fields';
import { api } from '../../lib/api';
import { failureMessage } from '../../lib/failures';
import { t, tm } from '../../lib/i18n';
import { customerIdRequired, type ResetState } from './ForgetPassword';

function secondsLeft(sentAt: number | null, now: number): number {
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil(RESEND_SECONDS - (now - sentAt) / 1000));
}

/** Sets a new password with the e-mailed code; SEND CODE / RESEND CODE waits 60 s between sends. */
export function ResetPassword() {
  const location = useLocation();
  const navigate = useNavigate();
  const initial = (location.state as ResetState | null) ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState(initial.username ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentAt, setSentAt] = useState<number | null>(initial.sentAt ?? null);
  const [now, setNow] = useState(() => Date.now());
  const [notice, setNotice] = useState(initial.message ?? '');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const left = secondsLeft(sentAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const sendCode = async () => {
    const name = username.trim();
    if (!name) {
      setErrors({ username: customerIdRequired() });
      focusFirstError(formRef.current);
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const answer = await api('POST /api/user/forget/sendcode', { body: { username: name } });
      const at = Date.now();
      setSentAt(at);
      setNow(at);
      setNotice(answer.smessage ?? tm(ACCOUNT_MSG.resetCodeSent));
      // A refresh keeps the countdown.
      navigate('/acer/signin/reset', {
        replace: true,
        state: { username: name, sentAt: at, message: answer.smessage },
      });
    } catch (e) {
      window.alert(failureMessage(e, t('account:reset.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!username.trim()) found.username = customerIdRequired();
    if (!/^\d{6}$/.test(code)) found.verificationCode = t('account:reset.codeRequired');
    if (!PASSWORD_PATTERN.test(password)) found.password = tm(ACCOUNT_MSG.resetWeak);
    else if (password !== confirm) found.confirmPassword = tm(ACCOUNT_MSG.resetMismatch);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current);
      if (found.password) window.alert(found.password);
      else if (found.confirmPassword) window.alert(found.confirmPassword);
      return;
    }
    setBusy(true);
    try {
      const answer = await api('POST /api/user/forget/resetpassword', {
        body: {
          username: username.trim(),
          password,
          confirmPassword: confirm,
          verificationCode: code,
        },
      });
      if (answer.code === 200 || answer.scode === 200) {
        window.alert(tm(ACCOUNT_MSG.resetDone));
        navigate('/acer/signin', { replace: true });
      } else {
        window.alert(answer.smessage ?? t('account:reset.failed'));
      }
    } catch (e) {
      const message = failureMessage(e, t('account:reset.failed'));
      // The server answers in the page's language.
      if (message === ACCOUNT_MSG.resetCodeWrong || message === tm(ACCOUNT_MSG.resetCodeWrong)) {
        setErrors({ verificationCode: message });
        focusFirstError(formRef.current);
      }
      window.alert(message);
    } finally {
      setBusy(false);
    }
  };

  const sendLabel =
    sentAt === null
      ? t('account:reset.sendCode')
      : left > 0
        ? t('account:reset.resendIn', { seconds: left })
        : t('account:reset.resendCode');

  return (
    <>
      {notice && (
        <p className="banner banner--ok" role="status">
          {notice}
        </p>
      )}
      <form ref={formRef} className="form signin__form" onSubmit={submit} noValidate>
        <TextField
          id="reset-username"
          label={t('account:field.signInId')}
          required
          maxLength={50}
          autoComplete="username"
          value={username}
          onChange={setUsername}
          error={errors.username}
        />
        <div className="signin__code">
          <TextField
            id="reset-verificationCode"
            label={t('account:reset.code')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            hint={t('account:reset.codeHint')}
            value={code}
            clean={(v) => v.replace(/\D/g, '').slice(0, 6)}
            onChange={setCode}
            error={errors.verificationCode}
          />
          <button
            type="button"
            className="btn signin__send"
            disabled={left > 0 || sending}
            aria-describedby="reset-send-hint"
            onClick={() => void sendCode()}
          >
            {sendLabel}
          </button>
          <p id="reset-send-hint" className="visually-hidden">
            {t('account:reset.sendHint')}
          </p>
        </div>
        <TextField
          id="reset-password"
          label={t('account:field.newPassword')}
          type="password"
          required
          maxLength={50}
          autoComplete="new-password"
          hint={t('account:passwordRule')}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <TextField
          id="reset-confirmPassword"
          label={t('account:field.confirmPassword')}
          type="password"
          required
          maxLength={50}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirmPassword}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('account:reset.submit')}
        </button>
      </form>
      <p className="signin__links">
        <Link to="/acer/signin">{t('account:signin.back')}</Link>
      </p>
    </>
  );
}
