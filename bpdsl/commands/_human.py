"""A person at a terminal as an agent: shows exactly the player's observation (3.12.1) and the options.

The screen shows both sides as that player may see them — the own hand and grave, the opponent's hand
count, the opponent's life count only below 10 ("10以上" otherwise), face-down bulwarks as "?" — then the
stage and the numbered legal options.  The person types an option number ("q" quits).
"""
from __future__ import annotations

from typing import Any, Callable, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from bpdsl.engine.decisions import DecisionRequest


class Quit(Exception):
    """The person quit the game."""


class HumanAgent:
    name = "human"

    def __init__(self, console: Console | None = None, read: Callable[[str], str] | None = None,
                 out: TextIO | None = None, log: Any = None, seat: int = 0, names: dict[str, str] | None = None):
        self.console = console or Console()
        self.read = read or (lambda prompt: self.console.input(prompt))
        self.log = log  # the game's EventLog: what happened since the last decision is told (public part only)
        self.seat = seat
        self.seen = 0
        self.names = names or {}  # action and character ids -> printed names

    def decide(self, request: DecisionRequest, observe: Callable[[], dict[str, Any]]) -> int:
        self.tell_events()
        self.show(observe())
        c = self.console
        what = request.context.get("action") or request.context.get("what") or ""
        title = _KIND.get(request.kind, request.kind)
        c.print(f"[bold]{title}[/bold] {what if what != title else ''}")
        for i in range(len(request.options)):
            c.print(f"  [cyan]{i}[/cyan]: {request.label(i)}")
        while True:
            try:
                raw = self.read("> ").strip()
            except EOFError:
                raise Quit() from None
            if raw.lower() in ("q", "quit", "exit"):
                raise Quit()
            if raw.isdigit() and 0 <= int(raw) < len(request.options):
                return int(raw)
            labels = [request.label(i) for i in range(len(request.options))]
            if raw in labels:
                return labels.index(raw)
            c.print(f"[red]0〜{len(request.options) - 1} の番号を入力してください (q で終了)[/red]")

    def tell_events(self) -> None:
        """Print the public events since the last decision (never the opponent's hidden cards or choices)."""
        if self.log is None:
            return
        lines = self.log.lines[self.seen:]
        self.seen = len(self.log.lines)
        for e in lines:
            text = public_event({k: self.names.get(v, v) if k in ("action", "as") else v for k, v in e.items()},
                                self.seat)
            if text:
                self.console.print(f"[dim]· {text}[/dim]")

    def show(self, obs: dict[str, Any]) -> None:
        me = obs["you"]
        t = Table(title=f"ターン {obs['turn_no']} — ターンプレイヤー: {_who(obs['turn'], me)}, "
                        f"チャンス: {_who(obs['chance'], me)}", show_lines=True)
        t.add_column("")
        t.add_column("あなた")
        t.add_column("相手")
        if "board" in obs:  # a game whose observation lays out its own rows (label, yours, the opponent's)
            for label, mine, theirs in obs["board"]:
                t.add_row(str(label), str(mine), str(theirs))
            self.console.print(t)
            return
        p, o = obs["players"][me], obs["players"][1 - me]
        t.add_row("ライフ", str(p["life"]), str(o["life"]))
        t.add_row("手札", " ".join(p.get("hand", [])) or "-", f"{o['hand_count']}枚")
        t.add_row("墓地", f"{p['grave_count']}枚 (上: {p['grave_top'] or '-'})",
                  f"{o['grave_count']}枚 (上: {o['grave_top'] or '-'})")
        t.add_row("場", _field(p["field"]), _field(o["field"]))
        t.add_row("フォグ", " ".join(p["fog"]) or "-", " ".join(o["fog"]) or "-")
        if "pack" in p:  # the パック option is in use
            t.add_row("パック", _pack(p["pack"]), _pack(o["pack"]))
        self.console.print(t)
        if obs["stage"]:
            lines = [f"{i + 1}. {x['action']} ({_who(x['controller'], me)}) キー: {' '.join(x['keys']) or '-'}"
                     + (f" 対象: {x['target']}" if x["target"] else "") for i, x in enumerate(obs["stage"])]
            self.console.print(Panel("\n".join(lines), title="ステージ (下から順)"))


def public_event(e: dict[str, Any], me: int) -> str:
    """One log line as the player ``me`` may hear it, or "" when it is nobody's business (3.12.1)."""
    t = e.get("t")
    who = _who(e["p"], me) if isinstance(e.get("p"), int) else ""
    if t == "raise":
        keys = f" キー {' '.join(e['keys'])}" if e.get("keys") else ""
        target = f" 対象 {e['target']}" if e.get("target") else ""
        how = "" if e.get("direct") else " (誘発/効果)"
        return f"{who}: {e['action']}{how}{keys}{target}"
    if t == "pass":
        return f"{who}: パス"
    if t == "resolve":
        return f"{e['action']} を解決"
    if t == "negated":
        return f"{e['action']} は無効になった"
    if t == "no_effect":
        return f"{e['action']} は対象を失い効果なし"
    if t == "damage":
        return f"{who} に {e['n']} 点のダメージ"
    if t == "draw":
        return f"{who} が {e['n']} 枚引いた"
    if t == "cost":
        return f"{who} がコスト {e['letter']} を支払った"
    if t == "turn":
        return f"ターン {e['turn_no']}: {who}のターン"
    if t == "enter":
        cards = "+".join(e["cards"]) if (e.get("face_up") or e.get("p") == me) else "裏向き"
        return f"{who}の場に {e['as']} [{cards}]"
    if t == "leave":
        return f"{who}の {e['as']} [{'+'.join(e['cards'])}] が {e['to']} へ"
    if t == "reveal":
        cards = e["card"] if "card" in e else " ".join(e.get("cards", []))
        return f"{who} が {cards} を見せた" + (" (パックから手札へ)" if e.get("from") == "pack" else "")
    if t == "pack_face_up":
        return f"{who} がパックを表向きにした"
    if t == "start":
        return f"ゲーム開始: 表にしたカード {' '.join(e['revealed'])}、先攻は{_who(e['first'], me)}"
    if t == "over":
        return "ゲーム終了"
    return ""


_KIND = {"action": "アクションを起こすか？", "key": "キーカード", "target": "対象", "cost_B": "コストB: ドライブする防壁",
         "cost_D": "コストD: 捨てるカード", "cost_S": "コストS: 墓地に移すキャラクター", "attackers": "アタッカー",
         "blockers": "ブロッカー", "draw_more": "ドロー", "order": "誘発したアクションの順番", "discard": "手札を捨てる",
         "choose": "選択"}


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
