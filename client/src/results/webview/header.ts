// The run's header: status badge, title, profile, request id, duration, the statement, the error,
// and the timeline of states and polls. Shared by the results panel and the notebook renderer.
import { cellText } from '../../../../service/src/results/table';
import type { FromPage, NavView, RunView } from '../protocol';
import { button, h, icon } from './dom';
import { highlightStatement } from './highlight';
import type { PageHost } from './pageState';
import { shortApiStatus } from '../../../../service/src/runStatus';
import { isRunState, stateTone, type StateTone } from '../../../../service/src/runStates';
import { formatDuration, formatTime } from '../../../../service/src/timeText';

export const shortStatus = shortApiStatus;
export const time = formatTime;
export const duration = formatDuration;

/** The badge's class: the state's tone (a state the page does not know reads as not done). */
export function badgeClass(state: string): StateTone {
  return isRunState(state) ? stateTone(state) : 'bad';
}

/** Back / forward over the runs the panel showed. */
export function navToolbar(nav: NavView, post: (m: FromPage) => void): HTMLElement {
  const back = button('arrow-left', 'Back (Alt+Left)', () => post({ type: 'nav', to: 'back' }), { id: 'nav-back' });
  const fwd = button('arrow-right', 'Forward (Alt+Right)', () => post({ type: 'nav', to: 'forward' }), { id: 'nav-forward' });
  back.disabled = !nav.back;
  fwd.disabled = !nav.forward;
  return h(
    'nav',
    { class: 'toolbar', 'aria-label': 'Recent runs' },
    back,
    fwd,
    h('span', { class: 'muted', 'aria-label': `Run ${nav.position} of the recent runs` }, nav.position),
  );
}

export function runHeader(r: RunView, host: PageHost, opts: { statement?: boolean } = {}): HTMLElement {
  const status = shortStatus(r.apiStatus) ?? r.state;
  const badge = h('span', { class: `badge ${badgeClass(r.state)}`, id: host.id('run-status'), role: 'status' }, cellText(status, 60));
  const meta = h('div', { class: 'meta' }, badge, h('span', { class: 'title' }, cellText(r.title || 'Request', 200)));
  if (r.profile)
    meta.append(
      h(
        'span',
        { class: 'field' },
        icon('account'),
        h('span', { class: 'muted' }, 'profile'),
        h('span', { id: host.id('run-profile'), class: 'run-profile' }, cellText(r.profile, 100)),
      ),
    );
  if (r.requestId) {
    const id = r.requestId;
    meta.append(
      h(
        'span',
        { class: 'field' },
        h('span', { class: 'muted' }, 'request id'),
        h('code', { id: host.id('run-request-id'), class: 'run-request-id' }, cellText(id, 200)),
        button('copy', 'Copy request id', () => host.post({ type: 'copy', text: id, what: 'the request id' }), {
          id: host.id('copy-request-id'),
        }),
      ),
    );
  }
  if (r.endedAt !== undefined) meta.append(h('span', { class: 'field muted run-duration' }, `${duration(r.endedAt - r.submittedAt)}`));
  const section = h('section', { class: 'run', 'aria-label': 'Run' }, meta);
  if (opts.statement !== false && r.statement.trim())
    section.append(
      h(
        'pre',
        { class: 'statement', id: host.id('run-statement'), tabindex: 0, 'aria-label': 'Statement' },
        highlightStatement(r.statement.trim()),
      ),
    );
  if (r.error)
    section.append(
      h('p', { class: 'error', role: 'alert' }, icon('error'), ` ${cellText(r.error.kind, 40)}: ${cellText(r.error.message, 4000)}`),
    );
  if (r.events.length) section.append(timeline(r));
  return section;
}

export function timeline(r: RunView): HTMLElement {
  const list = h('ol', { class: 'timeline', 'aria-label': 'Timeline' });
  let prev: string | undefined;
  r.events.forEach((e, i) => {
    const label = i === 0 && e.state === 'submitting' ? 'submitted' : (shortStatus(e.apiStatus) ?? e.state);
    const repeat = label === prev;
    prev = label;
    const after = i ? `+${duration(e.at - r.submittedAt)}` : time(e.at);
    list.append(
      h(
        'li',
        { class: `${badgeClass(e.state)}${repeat ? ' repeat' : ''}`, title: time(e.at) },
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        h('span', { class: 'tl-label' }, repeat ? 'poll' : cellText(label, 60)),
        h('span', { class: 'tl-time' }, after),
      ),
    );
  });
  return list;
}
