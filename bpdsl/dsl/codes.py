"""The diagnostic codes of the DSL (``bpdsl validate --codes`` lists them with every other area's).

Kept in their own module so that every stage of the loader (YAML reading, op calls, entries, checks) can
report with them without depending on the semantic checks themselves.
"""
from __future__ import annotations

from bpdsl.diagnostics import code

# --- identifiers and references
D_DUPLICATE = code("D001", "duplicate id")
D_UNKNOWN_DOC_REF = code("D002", "reference to an unknown game, edition or document")
D_DANGLING = code("D003", "reference to an unknown action, character or fog")
D_FORMAT = code("D004", "unknown format")
D_CATEGORY = code("D005", "unknown category")
D_GAME_REF = code("D006", "game: reference to an unknown zone, visibility level, cost op, character kind or counter")
G_COMPONENT = code("G001", "game: a zone, zone role or character kind is missing, declared twice or unusable")
# --- values
C_COST = code("C001", "undeclared cost letter")
K_PATTERN = code("K001", "unparsable key-card pattern")
K_UNDECLARED = code("K002", "key-card pattern names a suit or rank the game does not declare")
K_ZONE = code("K003", "key-card pattern takes its cards from a zone the game does not declare or cannot use")
X_EXPR = code("X001", "bad expression (syntax, unknown name or type)")
X_UNWORDED = code("X002", "a condition the sheet would print as its expression (no wording for it)")
# --- op calls
O_UNKNOWN = code("O001", "unknown op")
O_ARGS = code("O002", "wrong op arguments")
O_KIND = code("O003", "op of the wrong kind for its place (e.g. an effect op used as a condition)")
O_SHAPE = code("O004", "malformed op call (not exactly one op name)")
O_DUPLICATE = code("O005", "an op argument's list repeats an item that must be distinct (e.g. a row of a scoring table)")
# --- triggers and the flow of the game
T_NO_WHEN = code("T001", "triggered action without a trigger condition")
T_DIRECT_WHEN = code("T002", "direct action with a trigger condition")
T_NO_PASS = code("T003", "no action of an edition's format hands the turn to another player")
T_NO_TARGET = code("T004", "an effect uses the target of an action that declares none")
T_NOT_RAISED = code("T005", "a trump's direct action that no ability of the trump lets a player raise")
T_OTHER_TRUMP = code("T006", "a trump's ability lets a player raise an action another trump brings")
T_SELF_TRIGGER = code("T007", "a trigger on raising actions that its own triggered action matches (it would trigger "
                              "itself without end)")
T_SHARED_CARD = code("T008", "two trumps of an edition on one card (a card holds one ability, 3.11.1)")
# --- printed texts and their words
N_TEXT = code("N001", "a name or text holds a control character, or is made only of invisible characters")
N_TERM = code("N002", "a wording term set to a word it does not know: a form not among the term's choices, or the "
                      "name or unit of a counter the game does not declare")
# --- warnings: legal, but probably not what the designer meant
W_NO_FORMAT = code("W001", "entry belongs to no format (it is never printed or played)")
W_NO_MARK = code("W002", "a format in which entries first appear declares no mark (its entries print unmarked)")
# --- deprecations: still accepted for at least one release, then retired; `bpdsl migrate` rewrites them
W_DEPRECATED_OP = code("W003", "deprecated op, op argument or wording term (still works; the hint names the "
                               "replacement, `bpdsl migrate` writes it)")
W_OLD_LABEL = code("W101", "a scenario names an option by a label an earlier release printed (still chosen; "
                           "`bpdsl migrate` writes its selector)")
M_PLACEHOLDER = code("M001", "the legend of the format marks names an unknown placeholder")
# --- trump cards (エクストラ)
E_CARD = code("E001", "trump ability assigned to an unknown suit or number, or to a card twice")
E_CLASS = code("E002", "ability granted to an unknown class of characters")
E_STEP = code("E003", "replacement of a step the replaced action does not have")
# --- editions
I_PARENT = code("I001", "edition extends an unknown edition, or editions extend each other in a cycle")
I_REMOVE = code("I002", "edition removes an entry its parent does not have")
# --- loading
L_PATH = code("L001", "definitions path not found or holds no definitions files")
L_INTERNAL = code("L002", "a document could not be built (internal error in a document kind)")
# --- official lists (bpdsl import official)
Q_QUIRK = code("Q001", "a known quirk of an official list (a trailing comma, a stray bracket, an older layout), "
                       "read as the official tool read it")
Q_UNPLAYABLE = code("Q002", "an action the core flow raises is not playable in the imported edition")
# --- printed text traced to its sources (`bpdsl validate --trace`, bpdsl.games.blackpoker.official.trace)
P_UNTRACED = code("P001", "a printed sentence of a bundled edition that no official list, change history or "
                  "reviewed exception accounts for")
P_STALE = code("P002", "a record of the trace file that accounts for no printed sentence any more")
