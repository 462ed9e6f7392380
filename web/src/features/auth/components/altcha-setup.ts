/**
 * The ALTCHA widget, loaded only when a form with a captcha is shown. The
 * "external" build is used because the shop's Content-Security-Policy allows
 * neither blob: workers nor the inline styles of the default build: the
 * proof-of-work workers and the stylesheet are served as files of our own.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import type { Strings } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

/** The widget's texts in Brazilian Portuguese. */
export const altchaStrings: Strings & Record<string, string> = {
  ariaLinkLabel: 'Altcha (site oficial)',
  cancel: 'Cancelar',
  enterCode: 'Digite o código',
  enterCodeAria: 'Digite o código que você ouve. Pressione Espaço para ouvir o áudio.',
  enterCodeFromImage: 'Para continuar, digite o código da imagem abaixo.',
  error: 'Falha na verificação. Tente novamente.',
  expired: 'A verificação expirou. Tente novamente.',
  footer:
    'Protegido por <a href="https://altcha.org/" target="_blank" rel="noopener noreferrer" aria-label="Altcha (site oficial)">ALTCHA</a>',
  getAudioChallenge: 'Ouvir um desafio em áudio',
  label: 'Não sou um robô',
  loading: 'Carregando...',
  reload: 'Recarregar',
  verificationRequired: 'Verificação necessária!',
  verified: 'Verificado',
  verify: 'Verificar',
  verifying: 'Verificando...',
  waitAlert: 'Verificando... aguarde.',
};

globalThis.$altcha.i18n.set('pt-br', altchaStrings);

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
