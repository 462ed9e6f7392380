/**
 * Texts only the web app shows (spec §2, §4, §8); the ones the server also
 * sends live in `accountMessages` (contracts).
 */
export const authMessages = {
  registrationSuccess: 'Cadastro realizado com sucesso! Faça login.',
  sessionServerError: 'Erro de rede ou servidor.',
  sessionInvalid: 'Sessão inválida ou expirada. Faça login novamente.',
  loginConnectionError: 'Falha na conexão. Verifique sua rede.',
  loginFailed: 'Erro ao fazer login.',
  emailNotInSystem: 'Email não está cadastrado no sistema.',
  emailNotRegistered: 'Email não está cadastrado.',
  wrongPassword: 'Senha incorreta.',
  accountBlocked: 'Conta bloqueada. Entre em contato com o suporte.',
  registerFailed: 'Erro ao registrar.',
  alreadyLoggedIn: 'Você já está logado!',
  loggedOut: 'Deslogado com sucesso!',
  loadingProtectedRoutes: 'Carregando rotas protegidas...',
  resetNoAnswer: 'Servidor não respondeu. Verifique sua conexão.',
  resetTokenInvalidTitle: 'Token Inválido ou Expirado',
  resetTokenInvalidText: 'O link de redefinição expirou ou é inválido. Solicite um novo link.',
  resetConnectionTitle: 'Erro de Conexão',
  resetFailedTitle: 'Erro ao Redefinir Senha',
  resetFailedText: 'Erro inesperado. Tente novamente.',
  profileUpdateFailed: 'Erro ao atualizar perfil.',
  preferencesSessionExpired: 'Sessão expirada. Faça login novamente.',
  preferencesNotFound: 'Endpoint de preferências não encontrado.',
  preferencesConnectionError: 'Erro de conexão. Verifique sua internet.',
  preferencesLoadFailed: 'Erro ao carregar preferências.',
  preferencesSaveFailed: 'Erro ao salvar preferências.',
} as const;
