"""Helpers of the browser tests: the daemon under test, a reference engine
(a separate ./ratnik on pipes that checks what the page shows), and the
page in headless Chromium, driven only through its own controls."""

import os
import re
import select
import shutil
import subprocess
import threading
import time

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), '..', '..'))
BIN = os.environ.get('RATNIK_BIN', os.path.join(ROOT, 'ratnik'))
SHOTS = os.path.join(ROOT, 'build', 'web-shots')
HELPER_NODES = 3000  # the reference engine choosing the person's moves
READY_STATES = ('person', 'over', 'engine-offer', 'bribe-form', 'analysis', 'paused', 'error')


class Failure(Exception):
    pass


def tool(name, *fallbacks):
    """A program the suite needs; missing, the suite fails (never skips)."""
    for n in (name,) + fallbacks:
        path = shutil.which(n) or (n if os.path.isabs(n) and os.access(n, os.X_OK) else None)
        if path:
            return path
    raise Failure('tests/web needs %s (Debian packages chromium, chromium-driver, python3-selenium)' % name)


# --- the daemon ---

class Server:
    """`ratnik --listen ... --http 127.0.0.1:0`; with RATNIK_WEB_SERVER=tcp
    `ratnik --listen 127.0.0.1:0` alone (the page on the TCP port); or
    RATNIK_WEB_URL if set (a server started by hand)."""

    def __init__(self):
        self.proc = None
        self.url = os.environ.get('RATNIK_WEB_URL')
        if not self.url:
            self.start()

    def start(self):
        www = os.path.join(ROOT, 'protocol', 'web', 'www')
        http = [] if os.environ.get('RATNIK_WEB_SERVER') == 'tcp' else ['--http', '127.0.0.1:0']
        self.proc = subprocess.Popen([BIN, '--listen', '127.0.0.1:0'] + http + ['--web-root', www],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        # Raw reads: a buffered readline would hide lines from select().
        deadline = time.time() + 20
        seen = ''
        fd = self.proc.stderr.fileno()
        while time.time() < deadline and not self.url:
            r, _, _ = select.select([fd], [], [], 0.5)
            if not r:
                continue
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            seen += chunk.decode(errors='replace')
            m = re.search(r'(http://127\.0\.0\.1:\d+)/?', seen)
            if m:
                self.url = m.group(1) + '/'
        if not self.url:
            self.stop()
            raise Failure('the daemon printed no http URL: ' + seen)
        self.log = seen.splitlines()
        threading.Thread(target=self.drain, args=(fd,), daemon=True).start()

    def drain(self, fd):
        """Keeps reading the daemon's stderr (a full pipe would block it)."""
        while True:
            chunk = os.read(fd, 4096)
            if not chunk:
                return
            self.log = (self.log + chunk.decode(errors='replace').splitlines())[-200:]

    def alive(self):
        return self.proc is None or self.proc.poll() is None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --- the reference engine ---

def parse_fen(fen, files, ranks):
    """FEN board -> {square: piece}, as the page's data-piece attributes."""
    placement = fen.split()[0].split('[')[0]
    board = {}
    for r, row in enumerate(placement.split('/')):
        rank = ranks - r
        f = 0
        for m in re.finditer(r'(\d+)|(\+?[A-Za-z])', row):
            if m.group(1):
                f += int(m.group(1))
            else:
                board['%s%d' % (chr(97 + f), rank)] = m.group(2)
                f += 1
    return {'%s%d' % (chr(97 + f), r + 1): board.get('%s%d' % (chr(97 + f), r + 1), '')
            for f in range(files) for r in range(ranks)}


class Engine:
    """A separate ./ratnik that replays the page's moves and says what the
    position is, and picks the person's moves for the tests."""

    def __init__(self):
        self.proc = subprocess.Popen([BIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.read_until('uciok')
        self.variant = None
        self.info = None

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def read_until(self, last, timeout=60):
        lines = []
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise Failure('the reference engine ended')
            line = line.rstrip('\n')
            lines.append(line)
            if line == last or (last.endswith(' ') and line.startswith(last)):
                return lines
        raise Failure('the reference engine did not say ' + last)

    def use(self, variant, options=()):
        self.send('setoption name UCI_Variant value ' + variant)
        for o in options:
            self.send(o)
        self.send('variantinfo')
        lines = self.read_until('info string variantinfo end')
        head = [l for l in lines if l.startswith('info string variantinfo name ')][0].split()
        self.info = dict(zip(head[3::2], head[4::2]))
        self.startfen = [l for l in lines if l.startswith('info string variantinfo startfen ')][0].split(' ', 4)[4]
        self.files, self.ranks = int(self.info['files']), int(self.info['ranks'])
        self.variant = variant
        self.piece_names = {}
        self.regions = 0
        for l in lines:
            w = l.split(' ')
            if w[2:4] == ['variantinfo', 'piece']:
                self.piece_names[w[4]] = ' '.join(w[6:])
            elif w[2:4] == ['variantinfo', 'region']:
                self.regions += 1

    def pieces(self):
        return dict(self.piece_names)

    def region_count(self):
        return self.regions

    def pgn(self, base, moves):
        self.position(base, moves)
        self.send('pgn')
        out = [l[len('info string pgn'):] for l in self.read_until('info string pgn end')
               if l.startswith('info string pgn')][:-1]
        return '\n'.join(x[1:] if x.startswith(' ') else x for x in out) + '\n'

    def position(self, base, moves):
        self.send('position ' + base + (' moves ' + ' '.join(moves) if moves else ''))

    def state(self, base, moves):
        self.position(base, moves)
        self.send('state')
        st = {'moves': [], 'last': [], 'san': []}
        for line in self.read_until('info string state end'):
            m = re.match(r'info string (state|error:) ?(\S*) ?(.*)', line)
            if not m:
                continue
            if m.group(1) == 'error:':
                raise Failure('the reference engine refused the page\'s moves: ' + line)
            key, rest = m.group(2), m.group(3)
            if key in ('moves', 'last', 'san'):
                st[key] += rest.split()
            elif key == 'result':
                st['result'] = rest.split(' ', 1)[0]
                st['reason'] = rest.split(' ', 1)[1] if ' ' in rest else ''
            elif key != 'end':
                st[key] = rest
        return st

    def legal(self, base, moves):
        self.position(base, moves)
        self.send('legal')
        words = []
        for line in self.read_until('info string legal end'):
            if line.startswith('info string legal ') and line != 'info string legal end':
                words += line.split()[3:]
        return words

    def best(self, base, moves, nodes=HELPER_NODES):
        """The reference engine's choice at a node limit: the same on a
        loaded machine as on an idle one. At a 30 ms movetime (a 1 ms hard
        limit after the move overhead) CI's load left it depth 1 or 2, too
        shallow to keep a won ending out of threefold repetition; at 20000
        nodes it defended so well that a Voodoo game from the start (no
        repetition rule) had no result after 150 turns. 3000 nodes search
        king, queen and rook against a king to depth 3."""
        self.position(base, moves)
        self.send('go nodes %d' % nodes)
        return self.read_until('bestmove ')[-1].split()[1]

    def close(self):
        try:
            self.send('quit')
            self.proc.wait(5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


# --- the browser ---

# Records every board the page draws with the move list it drew it for, so
# that the test can check each turn, even an engine reply that came and
# went between two polls.
RECORDER = """
window.__seen = [];
const board = document.getElementById('board');
new MutationObserver(() => {
  window.__seen.push({
    fen: board.dataset.fen,
    moves: [...document.querySelectorAll('#moves li')].map((li) => li.dataset.turn),
    pieces: Object.fromEntries([...board.querySelectorAll('[data-square]')].map((e) => [e.dataset.square, e.dataset.piece])),
    result: document.getElementById('result').dataset.result,
    last: board.dataset.last,
    marks: Object.fromEntries([...board.querySelectorAll('[data-square]')]
      .map((e) => [e.dataset.square, [...e.classList].filter((c) => c.startsWith('last-'))])
      .filter(([, c]) => c.length > 0)),
  });
}).observe(board, { attributes: true, attributeFilter: ['data-fen'] });
"""

SNAPSHOT = """
const board = document.getElementById('board');
return {
  fen: board.dataset.fen,
  moves: [...document.querySelectorAll('#moves li')].map((li) => li.dataset.turn),
  pieces: Object.fromEntries([...board.querySelectorAll('[data-square]')].map((e) => [e.dataset.square, e.dataset.piece])),
  result: document.getElementById('result').dataset.result,
  reason: document.getElementById('result').dataset.reason,
  state: document.body.dataset.state,
  last: board.dataset.last,
};
"""


class Browser:
    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        opts = Options()
        opts.binary_location = tool('chromium', '/usr/bin/chromium')
        for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                  '--window-size=1360,940', '--force-device-scale-factor=1'):
            opts.add_argument(a)
        opts.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        service = Service(tool('chromedriver', '/usr/bin/chromedriver'))
        self.d = webdriver.Chrome(service=service, options=opts)
        self.d.set_script_timeout(30)

    def quit(self):
        self.d.quit()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def el(self, css):
        return self.d.find_element('css selector', css)

    def els(self, css):
        return self.d.find_elements('css selector', css)

    def wait(self, cond, what, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            v = cond()
            if v:
                return v
            time.sleep(0.05)
        raise Failure('timed out waiting for ' + what + '; page state ' + str(self.snapshot()))

    def open(self, url, variant='chess'):
        self.d.get(url + ('?variant=' + variant if variant else ''))
        self.js(RECORDER)
        self.wait(lambda: self.body_state() in READY_STATES and self.el('#board').get_attribute('data-fen'),
                  'the page to connect')
        if self.body_state() == 'error':
            raise Failure('the page found no engine: ' + self.el('#status').text)

    def body_state(self):
        return self.js('return document.body.dataset.state')

    def snapshot(self):
        return self.js(SNAPSHOT)

    def seen(self):
        return self.js('const s = window.__seen; window.__seen = []; return s;')

    # --- controls ---

    def select(self, css_id, value):
        from selenium.webdriver.support.ui import Select
        Select(self.el('#' + css_id)).select_by_value(value)

    def set_value(self, css_id, value):
        e = self.el('#' + css_id)
        e.clear()
        e.send_keys(str(value))
        self.js("arguments[0].dispatchEvent(new Event('change'))", e)

    def click(self, css):
        self.el(css).click()

    def square(self, sq):
        return self.el('#board [data-square="%s"]' % sq)

    def classes(self, sq):
        return self.square(sq).get_attribute('class').split()

    def press(self, sq, must=None):
        if must and must not in self.classes(sq):
            raise Failure('%s is not marked %s (classes %s)' % (sq, must, self.classes(sq)))
        self.square(sq).click()

    def pick(self, sq):
        """Selects the piece on sq unless the page already did."""
        if 'sel' not in self.classes(sq):
            self.press(sq)

    def marked(self, cls):
        return sorted(e.get_attribute('data-square') for e in self.els('#board .square.' + cls))

    def dialog_open(self):
        return self.js("return document.getElementById('choice').open")

    def choose(self, value):
        self.wait(self.dialog_open, 'the choice dialog', 10)
        self.click('#choice .choice[data-value="%s"]' % value)

    def wait_ready(self, moves_before=None, timeout=120, answer=None):
        def ready():
            if answer and self.answer_choice(*answer):
                return False
            if self.body_state() not in READY_STATES:
                return False
            return moves_before is None or len(self.snapshot()['moves']) != moves_before
        self.wait(ready, 'the page to be ready', timeout)

    def origin(self):
        return self.js('return location.origin')

    def js_grant_clipboard(self):
        self.d.execute_cdp_cmd('Browser.grantPermissions', {
            'origin': self.origin(), 'permissions': ['clipboardReadWrite', 'clipboardSanitizedWrite']})

    def clipboard(self):
        return self.d.execute_async_script(
            'const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done("error: " + e));')

    def download_folder(self):
        folder = os.path.join(SHOTS, '..', 'web-downloads')
        os.makedirs(folder, exist_ok=True)
        for f in os.listdir(folder):
            os.remove(os.path.join(folder, f))
        self.d.execute_cdp_cmd('Browser.setDownloadBehavior', {'behavior': 'allow', 'downloadPath': os.path.realpath(folder)})
        return os.path.realpath(folder)

    def screenshot(self, name, css=None):
        """The page (or one element of it) once its animations are over."""
        time.sleep(0.5)
        os.makedirs(SHOTS, exist_ok=True)
        if css:
            path = os.path.join(SHOTS, name + '.png')
            self.el(css).screenshot(path)
            return path
        path = os.path.join(SHOTS, name + '.png')
        self.d.save_screenshot(path)
        return path

    def console_errors(self):
        return [e for e in self.d.get_log('browser') if e['level'] == 'SEVERE' and 'favicon' not in e['message']]

    # --- entering a turn through the board, leg by leg, as a person does:
    # every square pressed must be one the page marked ---

    def play_turn(self, turn):
        before = len(self.snapshot()['moves'])
        legs = turn.split(',')
        for i, leg in enumerate(legs):
            last = i == len(legs) - 1
            self.enter_leg(leg)
            # A leg that names a piece asks which one; the question can come a
            # moment after the press when the browser is slow, so wait for it.
            settle = 2.0 if re.match(r'^[a-z]\d+[a-z]\d+[a-z]+$', leg) else 0.0
            self.answer_choices(leg, last, settle, before)
        try:
            self.wait_ready(before, answer=(legs[-1], True))
        except Failure as e:
            raise Failure('the turn %s was entered; %s; choice dialog %s; %s' % (
                turn, e, self.choice_values(), self.diagnosis())) from None

    def diagnosis(self):
        """What the page shows a person besides the board, for a failure
        message: its status and notice, the marked squares and the end of
        its protocol log (opened for the purpose: it is drawn only when open)."""
        return self.js("""
const box = document.getElementById('log-box');
box.open = true;
return {
  status: document.getElementById('status').textContent,
  notice: document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent,
  sel: [...document.querySelectorAll('#board .square.sel')].map((e) => e.dataset.square),
  dest: [...document.querySelectorAll('#board .square.dest')].map((e) => e.dataset.square),
};""") | {'log': self.log_tail()}

    def log_tail(self, lines=40):
        time.sleep(0.2)  # the log is drawn by the toggle event, a later task
        return self.js('return document.getElementById("log").textContent').split('\n')[-lines:]

    def choice_values(self):
        return self.js("const d = document.getElementById('choice');"
                       "return d.open ? [...d.querySelectorAll('.choice')].map((b) => b.dataset.value) : null")

    def answer_choices(self, leg, last, settle, moves_before):
        """Answers every question the page asks about this leg: which piece
        (the leg itself) and whether the turn ends here."""
        deadline = time.time() + settle
        while True:
            if self.answer_choice(leg, last):
                deadline = time.time() + settle
                continue
            if time.time() >= deadline or len(self.snapshot()['moves']) != moves_before:
                return
            time.sleep(0.05)

    def answer_choice(self, leg, last):
        values = self.choice_values()
        if not values:
            return False
        if leg in values:
            self.click('#choice .choice[data-value="%s"]' % leg)
        elif 'end' in values:
            self.click('#choice .choice[data-value="%s"]' % ('end' if last else 'more'))
        else:
            raise Failure('the page asks %s while entering %s' % (values, leg))
        return True

    def enter_leg(self, leg):
        m = re.match(r'^x([a-z]\d+)$', leg)
        if m:
            return self.press_twice(m.group(1), 'self-target')
        m = re.match(r'^(\+?[A-Z])@([a-z]\d+)$', leg)
        if m:
            holding = '#holdings .holding.placeable[data-piece="%s"], #holdings .holding.placeable[data-piece="%s"]' % (
                m.group(1), m.group(1).lower())
            h = self.el(holding)
            if 'sel' not in h.get_attribute('class').split():
                h.click()
            return self.press(m.group(2), 'dest')
        m = re.match(r'^([a-z]\d+)([a-z]\d+)([a-z]*)$', leg)
        if not m:
            raise Failure('cannot enter leg ' + leg)
        frm, to = m.group(1), m.group(2)
        if frm == to:
            return self.press_twice(frm, 'self-target')
        if 'sel' not in self.classes(frm):
            self.press(frm)
        return self.press(to, 'dest')

    def press_twice(self, sq, mark):
        if 'sel' not in self.classes(sq):
            self.press(sq)
        self.press(sq, mark)

    def drag(self, frm, to):
        from selenium.webdriver.common.action_chains import ActionChains
        before = len(self.snapshot()['moves'])
        a = ActionChains(self.d)
        a.move_to_element(self.square(frm)).click_and_hold().move_by_offset(5, 5)
        a.move_to_element(self.square(to)).release().perform()
        self.wait_ready(before)
