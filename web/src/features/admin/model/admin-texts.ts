import { reviewMessages } from '@quitute/contracts';

/** '1.000': units as a Brazilian reads them. */
const units = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

/** Every text of the admin area (admin-spec §2, §4, §5, §8), exactly as the spec writes it. */
export const adminTexts = {
  loadingProfile: 'Carregando perfil admin...',
  logoutConfirm: 'Tem certeza que deseja sair do painel administrativo?',
  invalidResponse: 'Resposta inválida do servidor.',
  accessDenied: 'Acesso Negado',
  adminsOnly: 'Acesso negado: apenas administradores.',
  loginToAccess: 'Faça login para acessar esta página.',
  confirmTitle: 'Confirmação',
  errorTitle: 'Erro',
  successTitle: 'Sucesso',
  saving: 'Salvando...',
  save: 'Salvar',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  processing: 'Processando...',
  previous: 'Anterior',
  next: 'Próxima',
} as const;

export const dashboardTexts = {
  title: 'Painel de Administração',
  loading: 'Carregando dados do dashboard...',
  denied: 'Você não tem permissão para acessar o painel de administração.',
  noRecentOrders: 'Nenhum pedido recente encontrado.',
  noTopProducts: 'Nenhum produto mais vendido encontrado.',
  noChartData: 'Nenhum dado de vendas para o gráfico este mês.',
  recentOrdersFailed: 'Falha ao carregar pedidos recentes.',
  topProductsFailed: 'Falha ao carregar produtos mais vendidos.',
  statsFailed: 'Falha ao carregar estatísticas.',
  chartFailed: 'Falha ao carregar dados do gráfico de vendas.',
} as const;

export const productTexts = {
  title: 'Gerenciamento de Produtos',
  loading: 'Carregando produtos...',
  empty: 'Nenhum produto encontrado com os critérios de busca/filtro.',
  loginToSee: 'Faça login para ver os produtos.',
  newProduct: 'Novo Produto',
  addTitle: 'Adicionar Novo Produto',
  editTitle: 'Editar Produto',
  deleteConfirm: 'Tem certeza que deseja excluir este produto? Esta ação é irreversível.',
  loadFailed: 'Erro ao carregar produtos.',
  deleteFailed: 'Erro ao excluir produto.',
  saveFailed: 'Erro ao salvar produto.',
  deleted: 'Produto excluído com sucesso!',
  updated: 'Produto atualizado com sucesso!',
  added: 'Produto adicionado com sucesso!',
  imageUrlLabel: 'URL da Imagem',
  imageUrlHint: 'Um endereço https:// ou uma foto enviada abaixo.',
  photoLabel: 'Foto do produto',
  photoPick: 'Escolher foto',
  photoHint: 'JPEG, PNG ou WebP de até 8 MB; no celular, dá para tirar a foto na hora.',
  photoUploading: 'Enviando foto...',
  photoFailed: 'Erro ao enviar a foto.',
} as const;

export const orderTexts = {
  title: 'Gerenciamento de Pedidos',
  loading: 'Carregando pedidos...',
  empty: 'Nenhum pedido encontrado com os critérios de busca/filtro.',
  loginToSee: 'Faça login para ver os pedidos.',
  loadFailed: 'Erro ao carregar pedidos.',
  deleteFailed: 'Erro ao excluir pedido.',
  statusFailed: 'Erro ao atualizar status do pedido.',
  deleted: 'Pedido excluído com sucesso!',
  statusUpdated: 'Status do pedido atualizado com sucesso!',
  statusTitle: 'Atualizar Status do Pedido',
  deleteConfirm: (id: string) =>
    `Tem certeza que deseja excluir o pedido ${id}? Esta ação é irreversível.`,
  detailsTitle: 'Detalhes do Pedido',
  detailsLoading: 'Carregando detalhes do pedido...',
  missingId: 'ID do pedido ausente na URL.',
  detailsFailed: 'Não foi possível carregar os detalhes do pedido.',
  notFound: 'Pedido não encontrado.',
  back: 'Voltar para Pedidos',
  deliveryDateFilter: 'Data de entrega',
  sortLabel: 'Ordenar por',
} as const;

/** Issue 40: the CSV exports of the orders and sales lists. */
export const csvTexts = {
  export: 'Exportar CSV',
  exporting: 'Exportando...',
} as const;

/** The refunds of an order on its admin page (issue 38); the refund rules' own texts are the contracts' refundMessages. */
export const refundTexts = {
  title: 'Reembolsos',
  refundedTotal: 'Total reembolsado',
  refundable: 'Restante a reembolsar',
  none: 'Nenhum reembolso solicitado.',
  table: 'Reembolsos do pedido',
  refund: 'Reembolsar',
  refunding: 'Reembolsando...',
  dialogTitle: (orderNumber: number) => `Reembolsar pedido #${orderNumber}`,
  amountLabel: 'Valor (R$)',
  amountBlank: (remaining: string) => `Em branco: reembolsa todo o restante (${remaining}).`,
  reasonLabel: 'Motivo',
  retry: 'Tentar novamente',
  retryLabel: (amount: string) => `Tentar novamente o reembolso de ${amount}`,
  failed: 'Erro ao reembolsar o pedido.',
  chargebackAmount: 'Valor contestado',
} as const;

export const userTexts = {
  title: 'Gerenciamento de Usuários',
  loading: 'Carregando usuários...',
  empty: 'Nenhum usuário encontrado.',
  loginToSee: 'Faça login para ver os usuários.',
  newUser: 'Novo Usuário',
  addTitle: 'Adicionar Novo Usuário',
  editTitle: 'Editar Usuário',
  ownRole: 'Não é possível mudar a própria role.',
  ownDelete: 'Você não pode excluir sua própria conta.',
  deleteConfirm: 'Tem certeza que deseja excluir este usuário? Esta ação é irreversível.',
  loadFailed: 'Erro ao carregar usuários.',
  deleteFailed: 'Falha ao excluir usuário.',
  saveFailed: 'Falha ao salvar usuário.',
  statsFailed: 'Falha ao carregar estatísticas de usuários.',
  deleted: 'Usuário excluído com sucesso!',
  updated: 'Usuário atualizado com sucesso!',
  added: 'Usuário adicionado com sucesso!',
  detailsTitle: 'Detalhes do Usuário',
  detailsLoading: 'Carregando detalhes do usuário...',
  missingId: 'ID do usuário ou token de autenticação ausente.',
  detailsFailed: 'Erro ao carregar detalhes do usuário.',
  notFound: 'Usuário não encontrado.',
  back: 'Voltar para Usuários',
} as const;

export const saleTexts = {
  title: 'Gerenciamento de Vendas',
  /** A refund's row (issue 38): money of an online sale that went back, on its day. */
  refundRow: 'Estorno',
  refundOrder: (orderNumber: number) => `Pedido #${orderNumber}`,
  overviewTab: 'Visão Geral',
  monthlyTab: 'Relatórios Mensais',
  listTab: 'Listagem de Vendas',
  chartTitle: 'Vendas Diárias - Últimos 30 dias',
  loading: 'Carregando vendas...',
  reportLoading: 'Carregando relatório...',
  empty: 'Nenhuma venda encontrada.',
  noChartData: 'Nenhuma venda nos últimos 30 dias.',
  noReportData: 'Nenhuma venda neste mês.',
  noPreviousMonth: 'Sem vendas no mês anterior: não há crescimento a comparar.',
  addSale: 'Adicionar Venda',
  addTitle: 'Adicionar Venda',
  editTitle: 'Editar Venda',
  deleteConfirm: 'Tem certeza que deseja excluir esta venda? Esta ação é irreversível.',
  loadFailed: 'Erro ao carregar vendas.',
  deleteFailed: 'Falha ao excluir venda.',
  saveFailed: 'Falha ao salvar venda.',
  reportFailed: 'Erro ao carregar relatório mensal.',
  statsFailed: 'Falha ao carregar estatísticas de vendas.',
  deleted: 'Venda excluída com sucesso!',
  updated: 'Venda atualizada com sucesso!',
  added: 'Venda adicionada com sucesso!',
} as const;

/** The auditors' screens (issue 13): an order's history with its "as of" view, and the event log. */
export const auditTexts = {
  historyTitle: 'Histórico do pedido',
  historyLoading: 'Carregando histórico do pedido...',
  historyFailed: 'Não foi possível carregar o histórico do pedido.',
  historyEmpty: 'Nenhum evento registrado para este pedido.',
  historyEmptyAsOf: 'Nenhum evento até esse momento.',
  asOfLabel: 'Ver pedido como estava em',
  asOfHint: 'Data e hora de Brasília (America/Sao_Paulo).',
  asOfApply: 'Aplicar',
  asOfNow: 'Agora',
  asOfInvalid: 'Informe uma data e hora válidas.',
  pastTitle: (moment: string) => `Estado em ${moment}`,
  pastAfterPosition: (position: number) => `Estado após o evento da posição ${position}`,
  upTo: (moment: string) => `Eventos até ${moment}.`,
  upToPosition: (position: number) => `Eventos até a posição ${position}.`,
  viewAfter: 'Ver o pedido logo após este evento',
  pastNote: 'Visão do passado: o pedido como estava nesse momento, segundo os seus eventos.',
  notYet: 'O pedido ainda não existia nesse momento.',
  eventDetails: 'Detalhes do evento',
  eventsTitle: 'Log de Eventos',
  eventsLoading: 'Carregando eventos...',
  eventsFailed: 'Não foi possível carregar o log de eventos.',
  eventsEmpty: 'Nenhum evento encontrado com esses filtros.',
  eventsEmptyStretch:
    'Nenhum evento encontrado neste trecho do log. Use "Próxima página" para continuar a busca.',
  filter: 'Filtrar',
  clearFilters: 'Limpar filtros',
  nextPage: 'Próxima página',
  firstPage: 'Voltar ao início',
  streamLoading: 'Carregando stream...',
  streamFailed: 'Não foi possível carregar o stream.',
  streamEmpty: 'Nenhum evento neste stream.',
  backToLog: 'Voltar ao log de eventos',
} as const;

export const reviewTexts = {
  title: 'Gerenciar Avaliações',
  accessDenied: 'Acesso Negado',
  accessDeniedDetail: 'Você não tem permissão para acessar esta página.',
  loadError: reviewMessages.adminLoadFailed,
  deleteError: reviewMessages.adminDeleteFailed,
  approveError: reviewMessages.adminApproveFailed,
  approved: reviewMessages.approved,
  deleted: reviewMessages.deleted,
  confirmApprove: 'Tem certeza que deseja aprovar esta avaliação? Ela ficará visível para todos.',
  confirmDelete: 'Tem certeza que deseja excluir esta avaliação? Esta ação é irreversível.',
  loading: 'Carregando avaliações...',
  empty: 'Nenhuma avaliação encontrada.',
  clearFilters: 'Limpar Filtros',
} as const;

/** /admin/loja (issue 37); the save's message is the contracts' shopMessages.saved. */
export const shopSettingsTexts = {
  title: 'Configurações da Loja',
  loading: 'Carregando configurações...',
  loadFailed: 'Erro ao carregar as configurações da loja.',
  saveFailed: 'Erro ao salvar as configurações da loja.',
  lastChange: 'Última alteração:',
  contact: 'Loja e contato',
  openingHoursMoved:
    'Os horários de funcionamento que o site, o assistente e a página de Contato mostram agora são definidos em',
  openingHoursLink: 'Agenda e Produção',
  address: 'Endereço',
  map: 'Localização no mapa',
  mapHint:
    'Onde fica o marcador do mapa da página de Contato. No openstreetmap.org, clique com o botão direito no lugar e escolha "Mostrar endereço" para ver a latitude e a longitude.',
  social: 'Redes sociais',
  socialHint: 'Deixe em branco para não mostrar.',
  zones: 'Zonas de entrega',
  zonesHint:
    'Faixas de CEP que não se sobrepõem, cada uma com a sua taxa e, se quiser, um pedido mínimo. Fora de todas, a entrega é recusada e a retirada continua possível.',
  noZones: 'Nenhuma zona: só a retirada no local será possível.',
  zoneTitle: (index: number) => `Zona ${index + 1}`,
  removeZone: (name: string, index: number) => `Remover ${name.trim() || `zona ${index + 1}`}`,
  remove: 'Remover',
  addZone: 'Adicionar zona',
  notifications: 'Notificações',
  dailySummaryTime: 'Horário do resumo diário',
  dailySummaryHint:
    'Todo dia, neste horário, o e-mail da loja recebe a produção do dia seguinte (horário de Brasília).',
} as const;

/** Issue 41: the admin area's new-order alerts (their controls' own texts are the contracts'). */
export const alertTexts = {
  controlsLabel: 'Alertas de novos pedidos',
  browserNotificationsOn: 'Notificações do navegador ativadas.',
  unseenOrders: (count: number) => (count === 1 ? '1 novo pedido' : `${count} novos pedidos`),
} as const;

/** Issue 41: /admin/notificacoes; the title, 'Reenviar' and the empty text are the contracts'. */
export const notificationsTexts = {
  loading: 'Carregando notificações...',
  loadFailed: 'Erro ao carregar notificações.',
  retryFailed: 'Erro ao reenviar a notificação.',
  statusFilter: 'Status',
  allStatuses: 'Todos',
  shop: 'Loja',
  noCustomer: 'Conta excluída',
  retryLabel: (kind: string, when: string) => `Reenviar ${kind} de ${when}`,
  nextAttempt: (when: string) => `próxima em ${when}`,
  columns: ['Data', 'Tipo', 'Canal', 'Destinatário', 'Pedido', 'Tentativas', 'Erro', 'Status'],
} as const;

/** Issue 40: /admin/agenda 'Agenda e Produção' and /admin/producao 'Produção do dia'. */
export const scheduleTexts = {
  title: 'Agenda e Produção',
  loading: 'Carregando agenda...',
  loadFailed: 'Erro ao carregar a agenda.',
  saveFailed: 'Erro ao salvar a agenda.',
  lastChange: 'Última alteração:',
  by: 'por',
  you: 'você',
  neverSaved: 'A agenda ainda não foi salva: valem os horários padrão.',
  productionLink: 'Produção do dia',
  rules: 'Regras de agendamento',
  leadDays: 'Antecedência mínima (dias)',
  leadDaysHint: 'Nunca menos de 2 dias.',
  horizonDays: 'Prazo máximo de agendamento (dias)',
  slotMinutes: 'Duração de cada horário',
  slotOption: (minutes: number) => `${minutes} minutos`,
  capacity: 'Capacidade diária (unidades)',
  capacityHint: 'Em branco: Ilimitada. Salgados e doces contam uma unidade cada.',
  unlimited: 'Ilimitada',
  kitUnits: 'Unidades por kit',
  kitUnitsHint: 'Quanto cada kit pesa na capacidade do dia.',
  weekTitle: { pickup: 'Horários de Retirada', delivery: 'Horários de Entrega' },
  kindLabel: { pickup: 'Retirada', delivery: 'Entrega' },
  closed: 'Fechado',
  open: 'Abertura',
  close: 'Fechamento',
  rangeLabel: (kind: string, day: string, index: number, which: string) =>
    `${kind}, ${day}: ${which.toLowerCase()} do período ${index + 1}`,
  addRange: 'Adicionar período',
  addRangeLabel: (kind: string, day: string) => `Adicionar período: ${kind}, ${day}`,
  removeRange: 'Remover',
  removeRangeLabel: (kind: string, day: string, index: number) =>
    `Remover período ${index + 1}: ${kind}, ${day}`,
  closedDates: 'Datas fechadas',
  closedDatesHint: 'Feriados e folgas: nenhum pedido é aceito nessas datas.',
  noClosedDates: 'Nenhuma data fechada.',
  closedDate: 'Data',
  closedReason: 'Motivo (opcional)',
  closedReasonPlaceholder: 'Natal',
  closedDateTitle: (index: number) => `Data fechada ${index + 1}`,
  addClosedDate: 'Adicionar data',
  removeClosedDate: (index: number) => `Remover data fechada ${index + 1}`,
  nextDays: 'Próximos dias',
  nextDaysHint: 'Retiradas nos próximos 14 dias e quanto ainda cabe em cada um.',
  nextDaysFailed: 'Não foi possível carregar os próximos dias.',
  remaining: (left: number | null) =>
    left === null ? 'capacidade ilimitada' : `${units(left)} unidades livres`,
  slotsCount: (count: number) => (count === 1 ? '1 horário' : `${count} horários`),
} as const;

export const productionTexts = {
  title: 'Produção do dia',
  loading: 'Carregando produção...',
  loadFailed: 'Erro ao carregar a produção do dia.',
  date: 'Data',
  print: 'Imprimir',
  back: 'Agenda e Produção',
  empty: 'Nenhum pedido para este dia.',
  sheetTitle: (date: string) => `Produção de ${date}`,
  totals: 'Total por produto',
  product: 'Produto',
  quantity: 'Quantidade',
  units: (made: number, capacity: number | null) =>
    capacity === null
      ? `${units(made)} unidades (capacidade ilimitada)`
      : `${units(made)} de ${units(capacity)} unidades da capacidade do dia`,
  orderCount: (count: number) => (count === 1 ? '1 pedido' : `${count} pedidos`),
  slot: (start: string, end: string | null) =>
    end ? `${start} – ${end}` : `${start} (fora dos horários)`,
  orderNumber: (number: number) => `Pedido #${number}`,
  pickup: 'Retirada',
  delivery: 'Entrega',
  notes: 'Observações',
  unpaid: 'NÃO PAGO',
  kitContents: 'Contém',
} as const;
