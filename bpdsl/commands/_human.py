"""A person at a terminal as an agent: shown exactly what the per-seat view gives the seat (3.12.1).

Everything printed — the board, the lines telling what happened, the question and the numbered options —
comes from :class:`bpdsl.engine.view.SeatView`, the same view the browser sandbox uses.  The board is
printed when it changed since it was last shown (``b`` prints it again); ``?`` prints the legend and the
keys; with an advisor (``bpdsl play --explain AGENT``) its values of the options are printed with every
question and ``e`` prints them again; ``t N`` prints the printed text of option N's action (``t 名前`` of any action or character); ``q``
quits (the caller still writes a replayable log).
"""
from __future__ import annotations

import json
from typing import Any, Callable

from bpdsl.commands._console import CommandConsole
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from bpdsl.engine.decisions import DecisionRequest
from bpdsl.engine.view import Prompt, SeatView, ViewLog


class Quit(Exception):
    """The person quit the game."""


LEGEND = """[bold]記号[/bold]
  (C) チャージ状態 (縦向き: まだ使っていない)   (D) ドライブ状態 (横向き: 使った)
  \\[?] / 裏向き  伏せてあるカード (持ち主だけが見られる)
  ライフ 10以上  相手のライフは10枚未満のときだけ正確な枚数が分かる (3.12.1)
  墓地 (上: X)  墓地の一番上のカードは誰でも見られる; 中身は持ち主だけ
  ステージ (下から順)  起こされてまだ解決していないアクション; 上から解決する
  パス記録  最後のアクションのあとパスしたプレイヤー; 全員パスでステージの一番上を解決
[bold]キー[/bold]
  番号 または 選択肢の文字  その選択肢を選ぶ
  t 番号   その選択肢のアクションの効果 (アクションリストの文)
  t 名前   アクション・キャラクター・フォグの効果 (例: t ツイスト)
  b        盤面をもう一度表示      ?  この説明      q  終了 (ログは保存されます)
  e        --explain のエージェントの評価をもう一度表示"""


MAX_NUMBER_DIGITS = 6  # no prompt lists a million options; longer input is not a number we could mean


def typed_number(raw: str, first: int, last: int) -> int | None:
    """The number typed at a prompt when it is between ``first`` and ``last``, else None.  Only ASCII
    digits count ('²' and '٣' are digits to Python) and at most six of them: a 5,000-digit number is just
    a wrong answer, not an error converting it."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > MAX_NUMBER_DIGITS:
        return None
    n = int(raw)
    return n if first <= n <= last else None


class HumanAgent:
    name = "human"

    def __init__(self, console: CommandConsole | None = None, read: Callable[[str], str] | None = None,
                 log: ViewLog | None = None, seat: int = 0, texts: dict[str, list[str]] | None = None):
        self.console = console or CommandConsole(emoji=False)
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.log = log
        self.seat = seat
        self.seen = 0  # lines of ``log.told[seat]`` already printed
        self.texts = texts or {}  # printed name -> printed text lines (actions, characters, fogs)
        self.last_board = ""
        self.view: SeatView | None = None
        # an agent reading this seat's own observation, asked for its values at every decision (--explain)
        self.advisor: Callable[[DecisionRequest, Callable[[], dict[str, Any]]], Any] | None = None

    def decide(self, request: DecisionRequest, observe: Callable[[], dict[str, Any]]) -> int:
        view = self.view_of()
        self.tell_events()
        if view is not None:
            board = view.board()
            prompt = view.prompt(request)
        else:  # no view attached (a bare agent in a test): the observation and labels as given
            board = observe()
            prompt = Prompt(request.kind, str(request.context.get("what") or request.kind),
                            [request.label(i) for i in range(len(request.options))])
        key = json.dumps(board, ensure_ascii=False, sort_keys=True, default=str)
        if key != self.last_board:
            self.show(board)
            self.last_board = key
        self.ask(prompt)
        advice = self.advisor(request, observe) if self.advisor is not None else None
        if advice is not None:
            self.show_advice(advice, prompt)
        while True:
            try:
                raw = self.read("> ").strip()
            except EOFError:
                raise Quit() from None
            low = raw.lower()
            if low in ("q", "quit", "exit"):
                raise Quit()
            if low in ("?", "h", "help", "ヘルプ"):
                self.console.print(LEGEND)
                self.ask(prompt)
                continue
            if low == "b":
                self.show(board)
                self.ask(prompt)
                continue
            if low == "e" and advice is not None:
                self.show_advice(advice, prompt)
                continue
            if low.startswith("t ") or low == "t":
                self.print_text(raw[1:].strip(), request, prompt)
                continue
            number = typed_number(raw, 0, len(prompt.labels) - 1)
            if number is not None:
                return number
            if raw in prompt.labels:
                return prompt.labels.index(raw)
            self.console.print(f"[red]0〜{len(prompt.labels) - 1} の番号を入力してください (? で説明、q で終了)[/red]")

    def view_of(self) -> SeatView | None:
        if self.view is None and self.log is not None and self.log.views:
            self.view = self.log.views[self.seat]
        return self.view

    def ask(self, prompt: Prompt) -> None:
        self.console.print(f"[bold]{escape(prompt.question)}[/bold]  [dim](? で説明)[/dim]")
        for i, label in enumerate(prompt.labels):
            self.console.print(f"  [cyan]{i}[/cyan]: {escape(label)}")

    def show_advice(self, advice: Any, prompt: Prompt) -> None:
        """The advisor's options and values (a :class:`bpdsl.sim.explain.Explanation`), best first."""
        t = Table(title=f"{advice.agent} の評価 ({advice.measure})", show_lines=False)
        t.add_column("番号")
        t.add_column("選択肢")
        t.add_column("評価", justify="right")
        for c in advice.ranked():
            mark = " ←" if c.index == advice.choice else ""
            label = prompt.labels[c.index] if c.index < len(prompt.labels) else c.label
            t.add_row(str(c.index), escape(label), ("-" if c.value is None else f"{c.value:.3f}") + mark)
        self.console.print(t)

    def print_text(self, arg: str, request: DecisionRequest, prompt: Prompt) -> None:
        """The printed text of option ``arg``'s action, or of the entry named ``arg``."""
        name = arg
        number = typed_number(arg, 0, len(request.options) - 1)
        if number is not None:
            opt = request.options[number]
            name = getattr(opt, "name", "") or prompt.labels[number].split(" (")[0]
        lines = self.texts.get(name)
        if lines is None:
            hits = [k for k in self.texts if name and name in k]
            lines = self.texts[hits[0]] if len(hits) == 1 else None
        if lines is None:
            self.console.print(f"[red]効果の文が見つかりません: {escape(name or '(なし)')}[/red] "
                               "(t 番号 で選択肢のアクション、t 名前 でアクション名)")
            return
        self.console.print(Panel("\n".join(escape(x) for x in lines[1:]) or "-", title=escape(lines[0])))

    def tell_events(self) -> None:
        """Print the lines the seat was told since the last decision (its own words, never a hidden card)."""
        if self.log is None:
            return
        told = self.log.told[self.seat]
        for _i, text in told[self.seen:]:
            self.console.print(f"[dim]· {escape(text)}[/dim]")
        self.seen = len(told)

    def show(self, obs: dict[str, Any]) -> None:
        me = obs["you"]
        t = Table(title=f"ターン {obs['turn_no']} — ターンプレイヤー: {_who(obs['turn'], me)}, "
                        f"チャンス: {_who(obs['chance'], me)}", show_lines=True)
        t.add_column("")
        t.add_column("あなた")
        t.add_column("相手")
        if "board" in obs:  # a game whose observation lays out its own rows (label, yours, the opponent's)
            for label, mine, theirs in obs["board"]:
                t.add_row(escape(str(label)), escape(str(mine)), escape(str(theirs)))
            self.console.print(t)
            return
        p, o = obs["players"][me], obs["players"][1 - me]
        t.add_row("ライフ", str(p["life"]), str(o["life"]))
        t.add_row("手札", escape(" ".join(p.get("hand", [])) or "-"), f"{o['hand_count']}枚")
        t.add_row("墓地", escape(f"{p['grave_count']}枚 (上: {p['grave_top'] or '-'})"),
                  escape(f"{o['grave_count']}枚 (上: {o['grave_top'] or '-'})"))
        t.add_row("場", escape(_field(p["field"])), escape(_field(o["field"])))
        t.add_row("フォグ", escape(" ".join(p["fog"]) or "-"), escape(" ".join(o["fog"]) or "-"))
        if p.get("trump_count") or o.get("trump_count"):
            t.add_row("切札", escape(" ".join(p.get("trump", [])) or "-"), f"{o.get('trump_count', 0)}枚")
        if "pack" in p:  # the パック option is in use
            t.add_row("パック", escape(_pack(p["pack"])), escape(_pack(o["pack"])))
        if "rare_count" in p:  # レアカード: the own faces, the opponent's count only
            t.add_row("レアカード", escape(" ".join(p.get("rare", [])) or "-"), f"{o.get('rare_count', 0)}枚")
        if obs.get("passed"):
            t.add_row("パス記録", ", ".join(_who(x, me) for x in obs["passed"]), "")
        self.console.print(t)
        if obs["stage"]:
            lines = [f"{i + 1}. {x['action']} ({_who(x['controller'], me)}) キー: {' '.join(x['keys']) or '-'}"
                     + (f" 対象: {x['target']}" if x["target"] else "") for i, x in enumerate(obs["stage"])]
            self.console.print(Panel(escape("\n".join(lines)), title="ステージ (下から順)"))


def _who(seat: int, me: int) -> str:
    return "あなた" if seat == me else "相手"


def _pack(pack: dict[str, Any]) -> str:
    """A pack as the observation gives it: face down only its count, face up its cards too."""
    if not pack["face_up"]:
        return f"{pack['count']}枚 (裏向き)"
    return f"{pack['count']}枚 (表向き)\n" + (" ".join(pack["cards"]) or "-")


def _field(chars: list[dict[str, Any]]) -> str:
    if not chars:
        return "-"
    out = []
    for ch in chars:
        state = "D" if ch["driven"] else "C"
        size = f" サイズ{ch['size']}" if ch["size"] is not None else ""
        out.append(f"{ch.get('name', ch['as'])}[{'+'.join(ch['cards'])}]({state}){size}")
    return "\n".join(out)
