"""Abstracts and titles as readable text: LaTeX math in Unicode, markdown emphasis as spans.

Source text from paper lists mixes prose with ``$...$`` LaTeX and ``*markdown*`` (or
``_markdown_``, paired as CommonMark pairs underscores, never within a word or a link). The
functions here turn it into plain Unicode text plus a tuple of style spans, so the UI can
style the spans without ever interpreting the data as markup. The converter is
deliberately forgiving: anything it does not understand is kept as text, and no word of
the input outside math is ever dropped (a ``%`` is a percent sign, not a comment, and a
``$`` that does not open a well-formed math span is a dollar sign). LaTeX text accents and
letters become Unicode letters everywhere (``G\\"odel`` → ``Gödel``, ``{\\o}`` → ``ø``), and
so do text symbols (``{\\textbar}`` → ``|``). The LaTeX that real exports carry reads as
text: old font switches style their group (``{\\it sublinear}``, ``{\\bf 98}``),
``\\url{u}`` is the address, ``\\href{u}{t}`` is ``t (u)``, ``\\footnote{x}`` is ``(x)``,
``\\cite{k}`` is ``[k]``, TeX's quotation marks are curly ones (:func:`tex_quotes`) and
its tie between words is a space. Markdown's links read as ``\\href`` does, its code spans
as code, and its few HTML entities (``&nbsp;``) as their characters. Math written without
``$`` is read where it cannot mean anything else: ``\\sqrt{x}``, ``\\bar\\theta``,
``O(1/k^{2})``, ``M_{CDM}`` (a braced script) and ``fm^2`` (a power of one digit).
Common shorthands papers define for themselves read as what they stand for (``\\msun`` →
``M☉``, see :data:`SHORTHANDS`), and so do the paper's own acronyms, marks over words and
functions of one symbol (``\\OPT``, ``\\rebut{dynamics}``, ``\\nnz{A}``: see
:func:`paper_command`); any other command no table here knows is shown as written,
backslash and argument kept (``\\cla``, ``\\F``): its name is no word.

Titles and author names are shown on one line through :func:`display_title`,
:func:`display_author` (and :func:`render_title` with styles), which also drop BibTeX's
grouping braces (``{RL}`` → ``RL``); BibTeX output keeps the LaTeX (see ``citations``).
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tuireader.render.safetext import pdf_hyphens, terminal

Style = Literal["em", "strong", "math", "code"]


@dataclass(frozen=True)
class Span:
    """A styled stretch ``text[start:end]`` of a :class:`Rendered` text."""

    start: int
    end: int
    style: Style


@dataclass(frozen=True)
class Rendered:
    """Display text and the style spans over it."""

    text: str
    spans: tuple[Span, ...] = ()


# --------------------------------------------------------------------------- tables

GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε",
    "varepsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ",
    "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
    "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ",
    "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    "varGamma": "Γ", "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ", "varPi": "Π",
    "varSigma": "Σ", "varPhi": "Φ", "varPsi": "Ψ", "varOmega": "Ω",
}  # fmt: skip

SYMBOLS = {
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠",
    "leqslant": "≤", "geqslant": "≥", "times": "×", "cdot": "·", "cdotp": "·",
    "sim": "∼", "approx": "≈", "in": "∈", "notin": "∉", "ni": "∋", "infty": "∞",
    "pm": "±", "mp": "∓", "to": "→", "rightarrow": "→", "leftarrow": "←",
    "gets": "←", "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔",
    "Leftrightarrow": "⇔", "iff": "⇔", "implies": "⟹", "mapsto": "↦",
    "longrightarrow": "⟶", "longleftarrow": "⟵", "hookrightarrow": "↪",
    "uparrow": "↑", "downarrow": "↓", "sum": "∑", "prod": "∏", "int": "∫",
    "oint": "∮", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃",
    "nexists": "∄", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
    "subsetneq": "⊊", "cup": "∪", "cap": "∩", "bigcup": "⋃", "bigcap": "⋂",
    "setminus": "∖", "smallsetminus": "∖", "emptyset": "∅", "varnothing": "∅",
    "ell": "ℓ", "star": "⋆", "ast": "∗", "circ": "∘", "bullet": "•", "otimes": "⊗",
    "oplus": "⊕", "odot": "⊙", "bigotimes": "⨂", "bigoplus": "⨁", "wedge": "∧",
    "land": "∧", "vee": "∨", "lor": "∨", "neg": "¬", "lnot": "¬", "not": "¬",
    "top": "⊤", "bot": "⊥", "perp": "⊥", "mid": "∣", "parallel": "∥", "propto": "∝",
    "ll": "≪", "gg": "≫", "lesssim": "≲", "gtrsim": "≳", "simeq": "≃", "cong": "≅",
    "equiv": "≡", "triangleq": "≜", "coloneqq": "≔", "doteq": "≐", "succ": "≻",
    "prec": "≺", "succeq": "⪰", "preceq": "⪯", "langle": "⟨", "rangle": "⟩",
    "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "lbrace": "{",
    "rbrace": "}", "lbrack": "[", "rbrack": "]", "lvert": "|", "rvert": "|",
    "vert": "|", "lVert": "‖", "rVert": "‖", "Vert": "‖", "dots": "…", "ldots": "…",
    "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "prime": "′", "dagger": "†",
    "dag": "†", "ddagger": "‡", "hbar": "ℏ", "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ",
    "wp": "℘", "angle": "∠", "square": "□", "Box": "□", "diamond": "⋄",
    "triangle": "△", "checkmark": "✓", "backslash": "\\", "S": "§", "P": "¶",
    "colon": ":", "imath": "ı", "jmath": "ȷ", "degree": "°", "textdegree": "°",
    "vdash": "⊢", "models": "⊨", "sqcup": "⊔", "sqcap": "⊓", "div": "÷",
    "cdotlog": "·log", "percent": "%", "textasciitilde": "~", "lhd": "◁", "rhd": "▷",
}  # fmt: skip

#: operator names, printed as words with a space before them when glued to a letter.
OPERATORS = frozenset(
    [
        "log",
        "ln",
        "lg",
        "exp",
        "min",
        "max",
        "sin",
        "cos",
        "tan",
        "sec",
        "csc",
        "cot",
        "sinh",
        "cosh",
        "tanh",
        "arcsin",
        "arccos",
        "arctan",
        "det",
        "dim",
        "arg",
        "sup",
        "inf",
        "lim",
        "liminf",
        "limsup",
        "Pr",
        "gcd",
        "deg",
        "ker",
        "hom",
        "rank",
        "tr",
        "Tr",
        "argmax",
        "argmin",
        "softmax",
        "sgn",
        "sign",
        "diag",
        "poly",
        "polylog",
        "var",
        "Var",
        "Cov",
        "E",
    ]
)

ACCENTS = {
    "tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302",
    "bar": "\u0304", "overline": "\u0305", "vec": "\u20d7", "overrightarrow": "\u20d7",
    "dot": "\u0307", "ddot": "\u0308", "check": "\u030c", "breve": "\u0306",
    "acute": "\u0301", "grave": "\u0300", "mathring": "\u030a",
}  # fmt: skip

#: each accent's mark as a character of its own, for an accent over nothing
_SPACING_ACCENTS = {
    "\u0303": "~", "\u0302": "^", "\u0304": "¯", "\u0305": "¯", "\u20d7": "→",
    "\u0307": "˙", "\u0308": "¨", "\u030c": "ˇ", "\u0306": "˘", "\u0301": "´",
    "\u0300": "`", "\u030a": "˚",
}  # fmt: skip

#: commands whose argument is shown as is (font changes that have no Unicode form).
PLAIN_FONTS = frozenset(
    [
        "mathrm",
        "mathsf",
        "mathit",
        "mathnormal",
        "operatorname",
        "text",
        "textrm",
        "textsf",
        "textnormal",
        "textup",
        "textsc",
        "textmd",
        "mbox",
        "hbox",
        "fbox",
        "underline",
        "underbrace",
        "overbrace",
        "emph_plain",
        "ensuremath",
        "displaystyle",
    ]
)
STYLED_FONTS: dict[str, Style] = {
    "textit": "em", "emph": "em", "textsl": "em", "textbf": "strong",
    "texttt": "code", "mathtt": "code", "verb": "code", "code": "code",
    # bold math is a vector or a matrix ("p(\\mathbf{y}|\\mathbf{x})"): shown bold, as
    # "{\\bf x}" is, not as the plain letter of a scalar
    "mathbf": "strong", "boldsymbol": "strong", "bm": "strong", "pmb": "strong",
    "mathbold": "strong",
}  # fmt: skip
#: font switches that apply to the rest of the enclosing group (``{\\it sublinear}``,
#: ``{\\bf 98}``, ``{\\cal K}``); one written before a brace (``\\cal{O}``, ``\\em{x}``)
#: applies to that group only, as its author meant.
SWITCHES: dict[str, str | None] = {
    "it": "em", "itshape": "em", "sl": "em", "slshape": "em", "em": "em", "bf": "strong",
    "bfseries": "strong", "tt": "code", "ttfamily": "code", "cal": "cal", "mit": None,
    "rm": None, "rmfamily": None, "sf": None, "sffamily": None, "sc": None, "scshape": None,
    "upshape": None, "mdseries": None,
    "normalfont": None, "small": None, "footnotesize": None,
    "scriptsize": None, "tiny": None, "large": None, "Large": None, "LARGE": None,
    "huge": None, "Huge": None, "normalsize": None, "displaystyle": None,
    "textstyle": None, "scriptstyle": None, "scriptscriptstyle": None, "limits": None,
    "nolimits": None, "mathstrut": None, "strut": None, "boldmath": None,
}  # fmt: skip
IGNORED = frozenset(
    [
        "left",
        "right",
        "middle",
        "big",
        "Big",
        "bigg",
        "Bigg",
        "bigl",
        "bigr",
        "Bigl",
        "Bigr",
        "biggl",
        "biggr",
        "Biggl",
        "Biggr",
        "nonumber",
        "notag",
        "label",
        "displaystyle",
        "phantom",
    ]
)
SPACES = {",": " ", ";": " ", ":": " ", " ": " ", "!": "", "quad": " ", "qquad": " ",
          "enspace": " ", "thinspace": " ", "medspace": " ", "thickspace": " ",
          "newline": " ", "linebreak": " ", "hfill": " ", "noindent": ""}  # fmt: skip


def _alphabet(upper: int, lower: int | None, exceptions: dict[str, str]) -> dict[str, str]:
    table = {chr(65 + i): chr(upper + i) for i in range(26)}
    if lower is not None:
        table.update({chr(97 + i): chr(lower + i) for i in range(26)})
    table.update(exceptions)
    return table


FONT_MAPS: dict[str, dict[str, str]] = {
    "mathcal": _alphabet(
        0x1D49C,
        0x1D4B6,
        {
            "B": "ℬ",
            "E": "ℰ",
            "F": "ℱ",
            "H": "ℋ",
            "I": "ℐ",
            "L": "ℒ",
            "M": "ℳ",
            "R": "ℛ",
            "e": "ℯ",
            "g": "ℊ",
            "o": "ℴ",
        },
    ),
    "mathbb": _alphabet(
        0x1D538,
        0x1D552,
        {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}
        | {str(d): chr(0x1D7D8 + d) for d in range(10)},
    ),
    "mathfrak": _alphabet(0x1D504, 0x1D51E, {"C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"}),
}
#: the old ``\\cal`` switch: LaTeX's calligraphic font has capitals only, so the rest of a
#: group keeps its small letters (``{\\cal O}(\\alpha_s)`` is 𝒪(αₛ), not 𝒪(α_𝓈)).
FONT_MAPS["cal"] = {k: v for k, v in FONT_MAPS["mathcal"].items() if k.isupper()}
FONT_MAPS["mathscr"] = FONT_MAPS["mathcal"]
FONT_MAPS["EuScript"] = FONT_MAPS["mathcal"]
FONT_MAPS["Bbb"] = FONT_MAPS["mathbb"]
FONT_MAPS["mathds"] = FONT_MAPS["mathbb"]
FONT_MAPS["symbb"] = FONT_MAPS["mathbb"]

SUPERSCRIPTS = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχ′*⋆∗†⊤'",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᶿᶥᵠᵡ′*⋆∗†ᵀ′",
        strict=True,
    )
)
SUBSCRIPTS = dict(
    zip(
        "0123456789+-−=()aehijklmnoprstuvxβγρφχ",
        "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ",
        strict=True,
    )
)

#: text symbols written as commands: ``\\textendash``, ``{\\textbackslash}``, ``\\pounds``.
#: BibTeX exports write the characters special to LaTeX this way (``{\\textasciicircum}``).
TEXT_SYMBOLS = {
    "textbackslash": "\\", "textbraceleft": "{", "textbraceright": "}", "textasciitilde": "~",
    "textasciicircum": "^", "textunderscore": "_", "textdollar": "$", "textbar": "|",
    "textbardbl": "‖", "textless": "<", "textgreater": ">", "textendash": "\u2013",
    "textemdash": "\u2014", "textellipsis": "\u2026", "textquoteright": "\u2019",
    "textquoteleft": "\u2018", "textquotedblleft": "\u201c", "textquotedblright": "\u201d",
    "textquotesingle": "'", "textquotedbl": '"', "textasciigrave": "`", "textasciiacute": "´",
    "guillemotleft": "«", "guillemotright": "»", "guillemetleft": "«", "guillemetright": "»",
    "quotedblbase": "„", "quotesinglbase": "‚", "textexclamdown": "¡", "textquestiondown": "¿",
    "copyright": "©", "textcopyright": "©", "textregistered": "®", "texttrademark": "™",
    "pounds": "£", "textsterling": "£", "texteuro": "€", "euro": "€", "textyen": "¥",
    "textcent": "¢", "textperiodcentered": "·", "textbullet": "•", "textdagger": "†",
    "textdaggerdbl": "‡", "textsection": "§", "textparagraph": "¶", "textdegree": "°",
    "textmu": "µ", "texttimes": "×", "textdiv": "÷", "textpm": "±", "textminus": "−",
    "textonehalf": "½", "textonequarter": "¼", "textthreequarters": "¾",
    "textperthousand": "‰", "textnumero": "№", "textcelsius": "℃", "textohm": "Ω",
    "textvisiblespace": "␣", "textlangle": "⟨", "textrangle": "⟩", "textleftarrow": "←",
    "textrightarrow": "→", "textuparrow": "↑", "textdownarrow": "↓",
    "textordfeminine": "ª", "textordmasculine": "º", "textcompwordmark": "",
}  # fmt: skip
#: shorthands papers define for themselves (``\\newcommand{\\msun}{M_\\odot}``) that are
#: common enough across papers to be read as what they stand for, in math and in text
#: (astronomy's units, physics' angle brackets, Latin abbreviations, number sets, ``\\eps``
#: for ε and ``\\cN`` for 𝒩, each defined so by near every paper that defines it). Any
#: other command a paper defines for itself is shown as written, backslash and all
#: (``\\cla``, ``\\lam``, ``\\si``, ``\\bx``): what it stands for is the paper's own
#: (``\\lam`` is λ or a λ-term, ``\\si`` σ or a unit, ``\\by`` bold y or ×), and its bare
#: name would read as a word.
SHORTHANDS = {
    "la": "⟨", "ra": "⟩", "kms": "km s⁻¹", "msun": "M☉", "Msun": "M☉", "msol": "M☉",
    "Msol": "M☉", "rsun": "R☉", "Rsun": "R☉", "lsun": "L☉", "Lsun": "L☉",
    "ie": "i.e.", "eg": "e.g.", "etal": "et al.", "cf": "cf.", "wrt": "w.r.t.", "etc": "etc.",
    "R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "eps": "ε",
} | {f"c{letter}": FONT_MAPS["mathcal"][letter] for letter in map(chr, range(65, 91))}  # fmt: skip
#: shorthands that are units, set apart from a number before them (``4500\\kms``)
_UNITS = frozenset(["kms", "msun", "Msun", "msol", "Msol", "rsun", "Rsun", "lsun", "Lsun"])

#: the names of :data:`TEXT_SYMBOLS` that begin with ``text``, longest first: a converter
#: that drops BibTeX's braces leaves ``\\textasciicircumd`` for ``{\\textasciicircum}d``.
_RUN_ON_SYMBOLS = sorted((n for n in TEXT_SYMBOLS if n.startswith("text")), key=len, reverse=True)


def run_on_symbol(name: str) -> tuple[str, str] | None:
    """``("textasciicircum", "d")`` for ``textasciicircumd``: a text symbol's name run into
    the letters after it (what is left of ``{\\textasciicircum}d`` once its braces are
    gone); None for any other name, and for a text symbol's own name."""
    if not name.startswith("text") or name in TEXT_SYMBOLS:
        return None
    for symbol in _RUN_ON_SYMBOLS:
        if name.startswith(symbol):
            return symbol, name[len(symbol) :]
    return None


# --------------------------------------------------------------------------- math

#: symbols written as punctuation, a space after them as in prose ("f\\colon X").
_PUNCTUATION = frozenset({"colon", "ldots", "dots", "cdots", "dotsc", "dotsb", "vdots", "ddots"})
_MATH_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\\$|\s+|.", re.DOTALL)
_ATOMIC = re.compile(r"[\w.′\u0300-\u036f\u20d7]+")


class _Out:
    """Growing output text with style spans."""

    __slots__ = ("parts", "size", "spans")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.spans: list[Span] = []

    def add(self, text: str) -> None:
        if text:
            self.parts.append(text)
            self.size += len(text)

    def add_out(self, other: _Out, style: Style | None = None) -> None:
        start = self.size
        for span in other.spans:
            self.spans.append(Span(span.start + start, span.end + start, span.style))
        self.add(other.text())
        if style is not None and self.size > start:
            self.spans.append(Span(start, self.size, style))

    def last_char(self) -> str:
        for part in reversed(self.parts):
            if part:
                return part[-1]
        return ""

    def text(self) -> str:
        return "".join(self.parts)


def _is_atomic(text: str) -> bool:
    if _ATOMIC.fullmatch(text):
        return True
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(text) - 1:
                return False
        return True
    return False


def _script(text: str, table: dict[str, str], mark: str) -> str:
    text = " ".join(text.split())
    if not text:
        return ""
    if all(ch in table for ch in text):
        return "".join(table[ch] for ch in text)
    if len(text) == 1 or (_ATOMIC.fullmatch(text) and mark == "_" and not _has_script(text)):
        return mark + text
    return f"{mark}({text})"


def _has_script(text: str) -> bool:
    """True when ``text`` has a sub- or superscript of its own: a subscript of it written
    bare would read as two in a row (``φ_i₁`` for ``\\phi_{i_1}``, ``x_n²`` for ``x_{n^2}``),
    so it goes in parentheses (``φ_(i₁)``)."""
    return any(ch in _SCRIPT_CHARS or ch in "_^" for ch in text)


#: what a sub- or superscript of one sign means: ``^\\circ`` is a degree, ``_\\odot`` the sun
#: (``M_\\odot``, the mass of the sun)
_SCRIPT_SIGNS = {("^", "∘"): "°", ("_", "⊙"): "☉"}
#: an opening bracket in math, as written: an operator before one is set against it
_OPENING = frozenset(
    ["(", "[", "\\{", "\\lbrace", "\\langle", "\\lfloor", "\\lceil", "\\lvert", "\\lVert"]
    + ["\\left", "\\bigl", "\\Bigl", "\\biggl", "\\Biggl"]
)
#: signs and relations written as characters in math
_SIGNS = frozenset("+-=<>")


def _ends_term(last: str) -> bool:
    """True when ``last``, the last character of math so far, ends a term: a letter, a
    number, a script, an accent, a prime or a closing bracket."""
    return bool(last) and (
        last.isalnum()
        or last in _TERM_ENDS
        or last in _SCRIPT_CHARS
        or unicodedata.combining(last) > 0
    )


#: what sets the size of the bracket after it (``\\left(``, ``\\big(``)
_SIZED = frozenset(["left", "bigl", "Bigl", "biggl", "Biggl", "big", "Big", "bigg", "Bigg"])
_SIZED_CLOSING = frozenset(["bigr", "Bigr", "biggr", "Biggr", "big", "Big", "bigg", "Bigg"])
#: what a space after it in math is none of the formula's: a space, an opening bracket
_INSIDE_OPENING = frozenset(" ([{⟨⌊⌈")
#: a closing bracket in math, as written: a space before one is none of the formula's
_CLOSING = frozenset([")", "]", "\\}", "\\rbrace", "\\rangle", "\\rfloor", "\\rceil", "\\right"])
#: an opening bracket TeX sets against a term before it (an ``\\left(`` is spaced as a
#: term of its own is)
_BRACKETS = frozenset(["(", "[", "\\{", "\\lbrace", "\\langle", "\\lfloor", "\\lceil"])
#: what ends a term or an operator's limits, besides a letter or a number: a closing
#: bracket, a prime, a big operator (``\\sum (x)`` is "∑(x)")
_TERM_ENDS = frozenset(")]}⟩⌋⌉′∑∏∫∮⋃⋂⨁⨂")
#: the signs of roots
_ROOTS = frozenset("√∛∜")
#: a word of two letters or more at the end of a text
_LAST_WORD = re.compile(r"[^\W\d_]{2}$")
#: what opens a factor in brackets: a bracket, a norm
_FACTOR_OPENING = _OPENING | {"\\|", "\\Vert", "\\lVert"}
#: brackets written as commands, opening and closing
_OPENING_SYMBOLS = frozenset(["lbrace", "langle", "lfloor", "lceil", "lvert", "lVert", "lbrack"])
_CLOSING_SYMBOLS = frozenset(["rbrace", "rangle", "rfloor", "rceil", "rvert", "rVert", "rbrack"])
#: TeX's thin spaces, between a number and its unit
_THIN_SPACES = frozenset(["\\,", "\\;", "\\:", "\\ ", "~"])

#: BibTeX's spelling of ``^`` and ``_`` (``{\\textasciicircum}``): in math they are still
#: the superscript and subscript their author typed.
_SCRIPT_SYMBOLS = {"\\textasciicircum": "^", "\\textunderscore": "_"}


def _escaped_scripts(toks: list[str]) -> list[str]:
    """Math tokens with ``{\\textasciicircum}``, ``\\textasciicircum{}`` (and the same with
    ``\\textunderscore``) read as ``^`` (``_``); also the run-on ``\\textasciicircumd``."""
    if not any(tok.startswith("\\text") for tok in toks):
        return toks
    out: list[str] = []
    i = 0
    n = len(toks)
    while i < n:
        tok = toks[i]
        run_on = run_on_symbol(tok[1:]) if tok.startswith("\\text") else None
        if run_on is not None and "\\" + run_on[0] in _SCRIPT_SYMBOLS:
            out.append(_SCRIPT_SYMBOLS["\\" + run_on[0]])
            out.extend(run_on[1])
        elif tok == "{" and i + 2 < n and toks[i + 2] == "}" and toks[i + 1] in _SCRIPT_SYMBOLS:
            out.append(_SCRIPT_SYMBOLS[toks[i + 1]])
            i += 3
            continue
        elif tok in _SCRIPT_SYMBOLS:
            out.append(_SCRIPT_SYMBOLS[tok])
            if toks[i + 1 : i + 3] == ["{", "}"]:
                i += 2
        else:
            out.append(tok)
        i += 1
    return out


def _wants_letter(text: str) -> bool:
    """True for a superscript Unicode cannot raise for want of a letter (``q``, ``C``,
    ``-q``), not for its form (``1/2``, ``n × n``, ``∞``): written in letters, digits, signs
    and parentheses only."""
    text = text.strip()
    return bool(text) and all(ch.isalnum() or ch in "+-−=()" for ch in text)


#: the characters a sub- or superscript is written in
_SCRIPT_CHARS = frozenset(SUPERSCRIPTS.values()) | frozenset(SUBSCRIPTS.values())
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _one_term(text: str) -> bool:
    """True for a radicand that needs no parentheses after √: one symbol (with its accents,
    sub- and superscripts: ``ε``, ``xᵢ``, ``τ̂``), a number, or a text in parentheses."""
    if _NUMBER.fullmatch(text) or (_is_atomic(text) and text.startswith("(")):
        return True
    return bool(text) and all(
        ch in _SCRIPT_CHARS or unicodedata.combining(ch) or ch == "′" for ch in text[1:]
    )


#: math commands that make a letter or a number (``\\epsilon``, ``\\mathcal{F}``, ``\\hat x``,
#: ``\\frac{1}{2}``, ``\\sqrt{n}``)
_TERM_COMMANDS = frozenset(
    [*GREEK, *FONT_MAPS, *PLAIN_FONTS, *STYLED_FONTS, *ACCENTS]
    + ["frac", "tfrac", "dfrac", "sqrt", "ell", "hbar", "partial", "nabla"]
)


class _MathParser:
    """A forgiving converter for the LaTeX math found in abstracts.

    ``carets``: every superscript is written with ``^`` (``L^p``), none in raised letters.
    """

    def __init__(self, source: str, carets: bool = False) -> None:
        toks = _escaped_scripts(_MATH_TOKEN.findall(source))
        # "p\\_{Y|X}": a subscript escaped for Markdown's sake is still a subscript
        # (a literal underscore in math is written in a word, "\\mathrm{max\\_iter}")
        for i in range(len(toks) - 1):
            if toks[i] == "\\_" and toks[i + 1] == "{":
                toks[i] = "_"
        self.toks = toks
        self.i = 0
        self.carets = carets
        #: whether a superscript was raised in Unicode (``Lᵖ``), and one written with ``^``
        #: for want of a raised letter (``L^q``: Unicode has no raised q)
        self.raised = False
        self.unraised = False
        #: where a word a text command wrote ends (``\\textit{Representation}``): which
        #: output, and its size then
        self.worded: tuple[int, int] | None = None
        #: where an operator's name (or its scripts) ends (``\\log``, ``\\max_i``,
        #: ``\\sum``): which output, and its size then
        self.operator: tuple[int, int] | None = None

    def run(self) -> _Out:
        out = _Out()
        while self.i < len(self.toks):
            self._sequence(out, end_on_brace=False, font=None)
            if self.i < len(self.toks):  # a stray "}": skip it and go on
                self.i += 1
        return out

    # a sequence of items up to a closing brace (or the end)
    def _sequence(self, out: _Out, end_on_brace: bool, font: str | None) -> None:
        toks = self.toks
        while self.i < len(toks):
            tok = toks[self.i]
            if tok == "}":
                if end_on_brace:
                    return
                return
            self.i += 1
            if tok == "{":
                inner = _Out()
                self._sequence(inner, True, font)
                self.i += 1  # the closing brace (or past the end)
                out.add_out(inner)
            elif tok in ("^", "_"):
                of_operator = self.operator == (id(out), out.size)
                arg = self._argument(font)
                if not arg.strip():
                    out.add(tok if self.i >= len(toks) else "")
                    continue
                sign = _SCRIPT_SIGNS.get((tok, arg.strip()))
                if sign is not None:  # "0.25^\\circ": "0.25°"; "M_\\odot": "M☉"
                    out.add(sign)
                    if sign == "°":
                        self._degree_unit()
                    continue
                if tok == "_":
                    out.add(_script(arg, SUBSCRIPTS, tok))
                    self._operator_scripted(out, of_operator)
                    continue
                raised = _script(arg, SUPERSCRIPTS, tok)
                if raised.startswith("^"):
                    self.unraised |= _wants_letter(arg)
                else:
                    self.raised = True
                    if self.carets:
                        raised = _script(arg, {}, tok)
                out.add(raised)
                self._operator_scripted(out, of_operator)
            elif tok[0].isspace():
                # a space before a script is none of the formula's: TeX sets the script
                # on what comes before ("\\epsilon ^2" is "ε²", not "ε ²"); one before a
                # degree sign stays, as the author spaced it ("-40 ^{\\circ} C")
                if (
                    out.size
                    and out.last_char() not in _INSIDE_OPENING
                    and not self._script_next()
                    and not self._bracket_after_term(out)
                    and not self._closing_next()
                ):
                    out.add(" ")
            elif tok[0] == "\\" and len(tok) > 1:
                name = tok[1:]
                if name in SWITCHES:
                    switch = SWITCHES[name]
                    if self.i < len(toks) and toks[self.i] == "{":  # "\\cal{O}", "\\bf{v}"
                        if switch in FONT_MAPS:
                            out.add_out(self._group(switch))
                        else:
                            out.add_out(self._group(font), switch)  # type: ignore[arg-type]
                        continue
                    rest = _Out()
                    if switch in FONT_MAPS:
                        self._sequence(rest, end_on_brace, switch)
                        out.add_out(rest)
                    else:
                        self._sequence(rest, end_on_brace, font)
                        out.add_out(rest, switch)  # type: ignore[arg-type]
                    return
                self._command(name, out, font)
            elif tok == "$":  # a dollar nested inside a math group
                continue
            elif tok in ("~", "&"):
                if out.size and out.last_char() != " ":
                    out.add(" ")
            elif tok in _SIGNS:
                self._sign(tok, out)
            else:
                out.add(FONT_MAPS[font].get(tok, tok) if font else tok)

    def _sign(self, sign: str, out: _Out) -> None:
        """A sign or a relation between two terms, spaced on both sides when its author
        spaced it on one, as TeX spaces it: "(Δ -1)" is "(Δ - 1)", "θ =0" "θ = 0" and
        "τ- Ω(1)" "τ - Ω(1)". A sign not between terms (a minus before a number, after a
        bracket or a comma: "(-1", ", -1") and one spaced on neither side or both stay."""
        before = out.last_char() == " "
        after = self.i < len(self.toks) and self.toks[self.i][0].isspace()
        if before != after:
            text = out.text()
            term = text[-2:-1] if before else text[-1:]
            nxt = self.i + after
            if _ends_term(term) and self._factor_next(nxt):
                out.add(sign if before else " " + sign)
                out.add(" " if before else "")
                return
        out.add(sign)

    def _operator_scripted(self, out: _Out, of_operator: bool) -> None:
        """After a script of an operator (``of_operator``), a term set apart from it as
        from the operator's name: ``\\log_{A}K`` is "log_A K" as ``\\log K`` is "log K",
        ``\\max_{i}x_i`` "maxᵢ xᵢ"; a bracket stays against it ("maxᵢ(x)")."""
        if not of_operator:
            return
        self.operator = (id(out), out.size)
        if self._term_next(self.i):
            out.add(" ")

    def _script_next(self) -> bool:
        """True when a sub- or superscript comes next, other than a degree sign."""
        ahead = self.toks[self.i : self.i + 4]
        if ahead[:1] not in (["^"], ["_"]):
            return False
        return ahead[1:2] != ["\\circ"] and ahead[1:4] != ["{", "\\circ", "}"]

    def _closing_next(self) -> bool:
        """True when a closing bracket comes next, after the space at the current token:
        TeX sets none inside brackets ("\\left( \\frac{n}{\\epsilon} \\right)" is
        "(n/ε)", not "( n/ε )")."""
        ahead = self.i
        while ahead < len(self.toks) and self.toks[ahead][0].isspace():
            ahead += 1
        if self.toks[ahead : ahead + 1] and self.toks[ahead][1:] in _SIZED_CLOSING:
            ahead += 1  # "\\big)": a bracket of a size of its own
        return ahead < len(self.toks) and self.toks[ahead] in _CLOSING

    def _bracket_after_term(self, out: _Out) -> bool:
        """True when an opening bracket comes next and a term or a closing bracket ends
        ``out``: TeX sets no space between them, whatever the source's spacing
        (``\\max_{i} (a_i)`` is "maxᵢ(aᵢ)", ``f (x)`` "f(x)"); after a relation, a sign or a
        comma it keeps the space TeX gives it (``x = (a)``, ``a + (b)``)."""
        ahead = self.i
        while ahead < len(self.toks) and self.toks[ahead][0].isspace():
            ahead += 1
        if self.toks[ahead : ahead + 1] and self.toks[ahead][1:] in _SIZED:
            ahead += 1  # "O_\\alpha \\left((…": a bracket of a size of its own
            while ahead < len(self.toks) and self.toks[ahead][0].isspace():
                ahead += 1
        if ahead >= len(self.toks) or self.toks[ahead] not in _BRACKETS:
            return False
        if self.worded == (id(out), out.size):
            return False  # "\\textit{Representation} (SGR)": words, spaced as words
        last = out.last_char()
        return (
            last.isalnum()
            or last in _TERM_ENDS
            or last in _SCRIPT_CHARS
            or unicodedata.combining(last) > 0
        )

    def _degree_unit(self) -> None:
        """Skip the space between a degree sign and the scale after it: ``25^\\circ C``,
        ``25^\\circ\\,\\mathrm{F}`` are "25°C" and "25°F"."""
        toks = self.toks
        j = self.i
        while j < len(toks) and (toks[j][0].isspace() or toks[j] in _THIN_SPACES):
            j += 1
        if j == self.i:
            return
        rest = toks[j : j + 4]
        if rest[:1] in (["C"], ["F"]) and not "".join(rest[1:2]).isalpha():
            self.i = j  # "25^\\circ C"
        elif rest[1:] in (["{", "C", "}"], ["{", "F", "}"]) and rest[0][1:] in PLAIN_FONTS:
            self.i = j  # "25^\\circ \\mathrm{C}"

    def _skip_space(self) -> None:
        while self.i < len(self.toks) and self.toks[self.i][0].isspace():
            self.i += 1

    def _group(self, font: str | None) -> _Out:
        """The next argument: a braced group, one command or one character."""
        self._skip_space()
        out = _Out()
        if self.i >= len(self.toks):
            return out
        tok = self.toks[self.i]
        self.i += 1
        if tok == "{":
            self._sequence(out, True, font)
            self.i += 1
        elif tok == "}":
            self.i -= 1
        elif tok[0] == "\\" and len(tok) > 1:
            self._command(tok[1:], out, font)
        else:
            out.add(FONT_MAPS[font].get(tok, tok) if font else tok)
        return out

    def _argument(self, font: str | None) -> str:
        return self._group(font).text()

    def _optional(self) -> str | None:
        self._skip_space()
        if self.i < len(self.toks) and self.toks[self.i] == "[":
            self.i += 1
            out = _Out()
            while self.i < len(self.toks) and self.toks[self.i] != "]":
                tok = self.toks[self.i]
                self.i += 1
                if tok[0] == "\\" and len(tok) > 1:
                    self._command(tok[1:], out, None)
                elif tok not in "{}":
                    out.add(tok)
            self.i += 1
            return out.text()
        return None

    def _word(self, out: _Out, word: str, operator: bool = False) -> None:
        """``word`` set apart from a letter or number on each side; after an
        ``operator`` (``\\log``), also from one written as a command or in a group. An
        operator before a bracket is set against it, as TeX sets it: the space after
        its name only ends the name (``\\min \\lbrace a\\rbrace`` is "min{a}")."""
        last = out.last_char()
        if last.isalnum() or last in ")]|":  # "√(KT) log K", not "√(KT)log K"
            out.add(" ")
        out.add(word)
        if operator:
            self.operator = (id(out), out.size)
            ahead = self.i
            while ahead < len(self.toks) and self.toks[ahead][0].isspace():
                ahead += 1
            if ahead < len(self.toks) and self.toks[ahead] in _OPENING:
                self.i = ahead
        glued = self.i < len(self.toks) and self.toks[self.i][:1].isalnum()
        if glued or (operator and self._term_next(self.i)):
            out.add(" ")

    def _term_next(self, at: int) -> bool:
        """True when a letter or a number starts at token ``at``, also as a command
        (``\\epsilon``, ``\\mathcal{F}``, ``\\frac``) or a group (``{T}``): an operator
        before it is a word apart ("log T", "ln ε⁻¹", not "logT", "lnε⁻¹")."""
        toks = self.toks
        if at >= len(toks):
            return False
        tok = toks[at]
        if tok == "{":
            return self._term_next(at + 1)
        if tok[:1] == "\\":
            return tok[1:].rstrip("*") in _TERM_COMMANDS
        return tok[:1].isalnum()

    def _factor_next(self, at: int) -> bool:
        """True when a factor starts at token ``at``: a term (see :meth:`_term_next`), an
        operator (``\\log``) or a big one (``\\sum``), a bracket or a norm."""
        if self._term_next(at) or (at < len(self.toks) and self.toks[at] in _FACTOR_OPENING):
            return True
        if at < len(self.toks) and self.toks[at][0].isspace():  # "a/b (c)": set against it
            return self.toks[at + 1 : at + 2] in (["("], ["["])
        name = self.toks[at][1:] if at < len(self.toks) and self.toks[at][:1] == "\\" else ""
        return name in OPERATORS or name in _BIG_OPERATORS

    def _space_before(self, out: _Out) -> None:
        if out.size and out.last_char() != " ":
            out.add(" ")

    def _command(self, name: str, out: _Out, font: str | None) -> None:
        name = name.rstrip("*") or name
        handler = _COMMANDS.get(name)
        if handler is None:
            handler = _MathParser._escaped if len(name) == 1 and not name.isalpha() else _unknown
        handler(self, name, out, font)

    # one handler per kind of command; _COMMANDS below maps each name to its handler

    def _greek(self, name: str, out: _Out, font: str | None) -> None:
        out.add(GREEK[name] if name in GREEK else SYMBOLS[name])
        # the space that ends a letter's name is no space of the formula: "\\delta V" is
        # "δV" and "\\pi /3" "π/3", as TeX sets them (its author could not write them
        # otherwise); one before a relation or a sign stays as its author spaced it
        ahead = self.i
        if ahead < len(self.toks) and self.toks[ahead][0].isspace():
            ahead += 1
            nxt = self.toks[ahead] if ahead < len(self.toks) else ""
            if nxt == "/" or (len(nxt) == 1 and nxt.isalpha()) or nxt[1:] in _LETTER_NAMES:
                self.i = ahead

    def _symbol(self, name: str, out: _Out, font: str | None) -> None:
        spaced = not out.size or out.last_char() == " " or name in _PUNCTUATION
        out.add(SYMBOLS[name])
        if name in _BIG_OPERATORS:
            self.operator = (id(out), out.size)
        if name in _CLOSING_SYMBOLS:
            return  # "\rbrace = c" is "} = c", the relation spaced as its author spaced it
        if not spaced or name in _OPENING_SYMBOLS:
            # the space that ends a command's name is no space of the formula: "0<p\le 1"
            # is "0<p≤1" (a line may not break inside it), "a \le b" stays "a ≤ b", and a
            # bracket is set against what it holds ("\lbrace a" is "{a")
            self._skip_space()

    def _operator(self, name: str, out: _Out, font: str | None) -> None:
        self._word(out, name, operator=True)

    def _space(self, name: str, out: _Out, font: str | None) -> None:
        if SPACES[name]:
            self._space_before(out)

    def _escaped(self, name: str, out: _Out, font: str | None) -> None:
        """``\\X`` for a character X that is not a letter."""
        if name == "\\":  # "\\{" is a doubly escaped brace; otherwise a line break
            if self.i < len(self.toks) and self.toks[self.i] in ("{", "}"):
                out.add(self.toks[self.i])
                self.i += 1
            elif self.i < len(self.toks) and self.toks[self.i] == "|":
                out.add("‖")  # "\\|x\\|": a norm escaped for Markdown's sake, as "\\{"
                self.i += 1
            else:
                self._space_before(out)
        elif name == "|":
            out.add("‖")
        else:
            out.add(name)

    def _font_map(self, name: str, out: _Out, font: str | None) -> None:
        out.add_out(self._group(name))

    def _plain_font(self, name: str, out: _Out, font: str | None) -> None:
        self._text_font(name, out, None)

    def _styled_font(self, name: str, out: _Out, font: str | None) -> None:
        self._text_font(name, out, STYLED_FONTS[name])

    def _text_font(self, name: str, out: _Out, style: Style | None) -> None:
        """The next group in a font of its own, noting where it ends when it ends in a
        word (see :meth:`_bracket_after_term`). A command of text keeps the spaces at the
        ends of its group, as TeX does: ``D\\text{ polylog}(K)`` is "D polylog(K)"."""
        self._skip_space()
        at = self.i
        group = self._group(None)
        text_mode = name.startswith("text") or name in ("mbox", "hbox", "fbox")
        toks = self.toks
        spaced = text_mode and toks[at : at + 1] == ["{"] and self.i - at > 2
        if spaced and toks[at + 1][0].isspace():
            self._space_before(out)
        out.add_out(group, style)
        if spaced and toks[self.i - 2][0].isspace() and self._term_next(self.i):
            out.add(" ")
        if _LAST_WORD.search(group.text()):
            self.worded = (id(out), out.size)

    def _accent(self, name: str, out: _Out, font: str | None) -> None:
        mark = ACCENTS[name]
        arg = self._argument(font)
        accented = "".join(ch + mark if ch.isalnum() else ch for ch in arg)
        # with nothing under it the accent is shown on its own, not as a combining mark
        # that would sit on whatever is shown before it ("x$\\hat{}$" is "x^", not "x̂")
        out.add(unicodedata.normalize("NFC", accented) if accented else _SPACING_ACCENTS[mark])

    def _frac(self, name: str, out: _Out, font: str | None) -> None:
        top = self._argument(font).strip()
        bottom = self._argument(font).strip()
        top = top if _is_atomic(top) else f"({top})"
        # a denominator of several symbols is one: "1/(mμε)", not "1/mμε", which reads
        # as (1/m)με
        single = _is_atomic(bottom) and _one_term(bottom)
        single |= bottom[:1] in _ROOTS and _one_term(bottom[1:])  # "1/√T"
        bottom = bottom if single else f"({bottom})"
        # a fraction a factor follows straight away is one: "(1/2)k(k-1)", not "1/2k(k-1)",
        # and "(1/n)∑ᵢ", not "1/n∑ᵢ"
        if self._factor_next(self.i):
            out.add(f"({top}/{bottom})")
        else:
            out.add(f"{top}/{bottom}")

    def _binom(self, name: str, out: _Out, font: str | None) -> None:
        top = self._argument(font).strip()
        bottom = self._argument(font).strip()
        out.add(f"C({top}, {bottom})")

    def _sqrt(self, name: str, out: _Out, font: str | None) -> None:
        index = self._optional()
        arg = " ".join(self._argument(font).split())
        # a radicand of one term goes without parentheses, unless a term follows it
        # straight away: "√(r)n^(3/2)", not "√rn^(3/2)", the root of rn
        body = arg if _one_term(arg) and not self._term_next(self.i) else f"({arg})"
        root = {"3": "∛", "4": "∜"}.get(index or "", "√")
        prefix = _script(index, SUPERSCRIPTS, "^") if index and root == "√" else ""
        out.add(prefix + root + body)

    def _text_symbol(self, name: str, out: _Out, font: str | None) -> None:
        out.add(TEXT_SYMBOLS[name])

    def _environment(self, name: str, out: _Out, font: str | None) -> None:
        self._argument(None)  # the environment's name
        self._space_before(out)

    def _ignored(self, name: str, out: _Out, font: str | None) -> None:
        self._skip_space()
        if self.i < len(self.toks) and self.toks[self.i] == ".":
            self.i += 1


#: a command a paper names in capitals (``\\OPT``, ``\\NP``): an acronym, set as a word
_ACRONYM = re.compile(r"[A-Z]{2,}")
#: a command's argument that is words (``\\rebut{dynamics}``, ``\\RV{with domain
#: randomization}``): a mark over the text, a revision or a highlight
_WORDS = re.compile(r"[^\W\d_]+(?:[\s'\-]+[^\W\d_]+)*")
#: a command's argument that is one symbol (``\\nnz{A}``, ``\\norm{x}``)
_SYMBOL = re.compile(r"[^\W_]|\\[A-Za-z]+")

PaperCommand = Literal["acronym", "mark", "function"]


def paper_command(name: str, argument: str | None) -> PaperCommand | None:
    """How a command a paper defines for itself reads, for its name and braced argument:
    an ``acronym`` by its name (``\\OPT`` is OPT, ``{\\NP}-oracle`` NP-oracle), a ``mark``
    over words by the words (``\\rebut{dynamics}``), a ``function`` of one symbol as
    one (``\\nnz{A}`` is nnz(A)); None for any other, shown as written (``\\cla``,
    ``\\F``, ``\\si``: a short name in small letters is a symbol whose meaning is
    the paper's own, and its name is no word)."""
    if argument is None or not argument.strip():  # "\\OPT{}": TeX's end of a name
        return "acronym" if _ACRONYM.fullmatch(name) else None
    argument = argument.strip()
    if _WORDS.fullmatch(argument) and (
        any(ch.isspace() for ch in argument) or (len(argument) > 2 and not argument.isupper())
    ):
        return "mark"
    if _SYMBOL.fullmatch(argument) and len(name) > 2 and name.isalpha():
        return "function"
    return None


def _unknown(parser: _MathParser, name: str, out: _Out, font: str | None) -> None:
    """A command math has no meaning for: a common shorthand as what it stands for
    (:data:`SHORTHANDS`), a command of text (``\\url``) by its name, as a word, one of
    the paper's own as :func:`paper_command` reads it, and any other as written
    (``\\cla``, ``\\si_1``), so that no word is lost and none made up."""
    run_on = run_on_symbol(name)
    if run_on is not None:  # "\\textbarx": the symbol, then the letters run into it
        out.add(TEXT_SYMBOLS[run_on[0]])
        parser.toks[parser.i : parser.i] = list(run_on[1])
        return
    if name in SHORTHANDS:
        if name in _UNITS:  # "4500\\kms": "4500 km s⁻¹"
            parser._word(out, SHORTHANDS[name])
        else:
            out.add(SHORTHANDS[name])
            if SHORTHANDS[name] == "⟨":  # "\\la x\\ra" is "⟨x⟩", as "\\langle x\\rangle"
                parser._skip_space()
        return
    if known_command(name):
        parser._word(out, name)
        return
    argument = None
    if parser.i < len(parser.toks) and parser.toks[parser.i] == "{":
        at = parser.i
        argument = parser._group(font)
        source = "".join(parser.toks[at + 1 : parser.i - 1])
    reading = paper_command(name, None if argument is None else source)
    if reading == "acronym":
        parser._word(out, name)
    elif reading == "mark" and argument is not None:
        out.add_out(argument)
    elif reading == "function" and argument is not None:
        parser._word(out, name)
        out.add("(")
        out.add_out(argument)
        out.add(")")
    else:
        parser._word(out, "\\" + name)
        if argument is not None:
            out.add("{")
            out.add_out(argument)
            out.add("}")


_Handler = Callable[[_MathParser, str, _Out, "str | None"], None]


def _dispatch(*groups: tuple[Iterable[str], _Handler]) -> dict[str, _Handler]:
    """Name → handler; a name in several groups goes to the first group that has it."""
    table: dict[str, _Handler] = {}
    for names, handler in reversed(groups):
        table.update(dict.fromkeys(names, handler))
    return table


#: the fractions and binomials of math, each taking two arguments
_FRACTIONS = ("frac", "tfrac", "dfrac", "cfrac", "nicefrac", "sfrac")
_BINOMIALS = ("binom", "tbinom", "dbinom")

#: operators written as symbols (``\\sum``), whose scripts are their limits
_BIG_OPERATORS = frozenset(
    ["sum", "prod", "int", "oint", "bigcup", "bigcap", "bigoplus", "bigotimes"]
)
#: symbols that are letters of math, as Greek letters are (``\\partial x`` is "∂x")
_LETTER_SYMBOLS = frozenset(["ell", "hbar", "partial", "nabla", "imath", "jmath", "aleph", "wp"])
#: commands that make a letter (a Greek letter before one is set against it)
_LETTER_NAMES = frozenset(
    [*GREEK, *_LETTER_SYMBOLS, *FONT_MAPS, *ACCENTS, "mathbf", "boldsymbol", "bm", "pmb"]
)

_COMMANDS = _dispatch(
    (GREEK, _MathParser._greek),
    (_LETTER_SYMBOLS, _MathParser._greek),
    (SYMBOLS, _MathParser._symbol),
    (OPERATORS, _MathParser._operator),
    (SPACES, _MathParser._space),
    (FONT_MAPS, _MathParser._font_map),
    (PLAIN_FONTS, _MathParser._plain_font),
    (STYLED_FONTS, _MathParser._styled_font),
    (TEXT_SYMBOLS, _MathParser._text_symbol),
    (ACCENTS, _MathParser._accent),
    (_FRACTIONS, _MathParser._frac),
    (_BINOMIALS, _MathParser._binom),
    (("sqrt",), _MathParser._sqrt),
    (("begin", "end"), _MathParser._environment),
    (IGNORED, _MathParser._ignored),
)


def _math(latex: str, carets: bool = False) -> _Out:
    """The math ``latex`` as text; its superscripts raised in Unicode unless one of them
    cannot be for want of a raised letter (there is no raised q): then all are written with
    ``^`` (``L^p → L^q``, not ``Lᵖ → L^q``), as they are all with ``carets``. A superscript
    no letters could raise (``^{1/2}``) leaves the others raised (``ε⁻²𝔖^(2/p)``)."""
    return _math_carets(latex, carets)[0]


def _math_carets(latex: str, carets: bool = False) -> tuple[_Out, bool]:
    """:func:`_math`, and whether a superscript in it wants a raised letter Unicode lacks."""
    try:
        parser = _MathParser(latex, carets)
        out = parser.run()
        if parser.raised and parser.unraised and not carets:
            out = _MathParser(latex, carets=True).run()
        return out, parser.unraised
    except RecursionError:  # absurdly deep nesting: show the source without backslashes
        out = _Out()
        out.add(latex.replace("\\", ""))
        return out, False


def math_to_unicode(latex: str) -> str:
    """Convert the inside of a ``$...$`` span to readable Unicode text."""
    return " ".join(_math(latex).text().split())


# --------------------------------------------------------------------------- prose

_TEXT_TOKEN = re.compile(
    r"\\\(|\\\[|\\begin\{(?:equation|align|gather|multline|eqnarray|displaymath|math)\*?\}"
    r"|\\\\(?=[$%{}_#&])|\\[A-Za-z]+|\\.|\$\$|\$|\*+|_+|\n[ \t]*\n|(?<=[^\s^])\^\{"
    r"|(?<=[^\W_]|[)\]])\^\d(?![^\W_])"
    r"|\[(?=[^\[\]\n]*\]\((?:https?://|www\.)[^\s()]*\))"
    r"|(?<![`\w])`(?=[^\s`'\"][^`'\"\n]{0,58}(?<=\S)`(?![`\w]))"
    r"|(?<![`\w])``(?=[^\s`'\"][^`'\"\n]{0,58}(?<=\S)``(?![`\w]))"
    r"|&(?:nbsp|amp|lt|gt|quot|apos|ndash|mdash|hellip);"
)
#: the HTML entities Markdown abstracts carry ("Models&nbsp; (CALM)"), as characters
_ENTITIES = {
    "&nbsp;": "\u00a0", "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'",
    "&ndash;": "\u2013", "&mdash;": "\u2014", "&hellip;": "\u2026",
}  # fmt: skip
_ENTITY = re.compile("|".join(_ENTITIES))


def named_entities(text: str) -> str:
    """``text`` with the HTML entities the reader shows as characters (:data:`_ENTITIES`:
    "Rock &amp;amp; roll", escaped twice, is shown "Rock & roll") as those characters."""
    return _ENTITY.sub(lambda found: _ENTITIES[found.group()], text) if "&" in text else text


_LATEXY = re.compile(r"[\\^_{}]")
_TEXT_COMMANDS: dict[str, Style | None] = {
    "textit": "em", "emph": "em", "textsl": "em", "textbf": "strong", "texttt": "code",
    "text": None, "textrm": None, "textsf": None, "textsc": None, "textnormal": None,
    "textup": None, "underline": None, "mbox": None, "textmd": None,
}  # fmt: skip
_TEXT_ESCAPES = {"%": "%", "$": "$", "_": "_", "&": "&", "#": "#", "{": "{", "}": "}",
                 "*": "*", "\\": "\\", " ": " ", ",": " ", "~": "~", "-": "", "/": "",
                 "@": ""}  # fmt: skip
#: text-mode accents, as combining marks: ``\\'a``, ``\\"{o}``, ``\\c{c}``, ``\\v s``.
TEXT_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
#: letters written as commands: ``{\\o}``, ``\\ss``, ``\\AA``.
TEXT_LETTERS = {
    "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ",
    "AE": "Æ", "oe": "œ", "OE": "Œ", "i": "ı", "j": "ȷ", "dh": "ð", "DH": "Ð", "th": "þ",
    "TH": "Þ", "dj": "đ", "DJ": "Đ", "ng": "ŋ", "NG": "Ŋ",
}  # fmt: skip
#: how a text is read: an abstract ("prose"), a title, or a person's name. Titles and names
#: come from BibTeX-minded sources, so their bare braces are grouping (``{RL}``) and go;
#: in a name ``~`` is a tie, a space.
Mode = Literal["prose", "title", "name"]


def matching_close(text: str, start: int, opening: str = "{", closing: str = "}") -> int:
    """Index of the ``closing`` that closes the ``opening`` at ``start`` (pairs inside
    balanced, a backslash escaping the character after it), or -1."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == opening:
            depth += 1
        elif ch == closing:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _accent_base(text: str, pos: int) -> tuple[str, int] | None:
    """The letter an accent command just before ``pos`` applies to, and where it ends.

    Accepted: ``a``, `` a``, ``{a}``, ``\\i``, ``{\\i}`` (``\\i`` and ``\\j`` take the accent as
    ``i`` and ``j``); anything else is not an accent's argument.
    """
    n = len(text)
    j = pos + 1 if text.startswith(" ", pos) else pos
    braced = text.startswith("{", j)
    j += braced
    if j < n and text[j].isascii() and text[j].isalpha():
        base = text[j]
        j += 1
    elif text.startswith(("\\i", "\\j"), j) and not text[j + 2 : j + 3].isalpha():
        base = text[j + 1]
        j += 2
        if text.startswith("{}", j):
            j += 2
    else:
        return None
    if braced:
        if not text.startswith("}", j):
            return None
        j += 1
    return base, j


def _special_letter(text: str, start: int, pos: int) -> tuple[str, int] | None:
    """An accented letter, a letter or a text symbol (``\\'a``, ``\\o``, ``\\textendash``).

    ``pos`` is where the command's name ends. Returns the letter and where it ends, or
    None when the command is no such letter.
    """
    name = text[start + 1 : pos]
    if name in TEXT_ACCENTS:
        # a letter accent needs a space or a brace before its argument: "\\cc" is no "ç"
        if name.isalpha() and not text.startswith((" ", "{"), pos):
            return None
        found = _accent_base(text, pos)
        if found is None:
            return None
        base, end = found
        return unicodedata.normalize("NFC", base + TEXT_ACCENTS[name]), end
    if name in TEXT_LETTERS:
        if text.startswith("{}", pos):
            pos += 2
        elif text.startswith(" ", pos) and text[pos + 1 : pos + 2].isalpha():
            pos += 1  # "\\o bro": the space ends the command's name
        return TEXT_LETTERS[name], pos
    if name in TEXT_SYMBOLS:
        if text.startswith("{}", pos):  # "\\textendash{}"
            pos += 2
        elif text.startswith(" ", pos) and not (
            TEXT_SYMBOLS[name] in _SEPARATORS and (start == 0 or text[start - 1].isspace())
        ):
            pos += 1  # "1\\textendash 2": the space ends the name; "a \\textbar b" keeps it
        return TEXT_SYMBOLS[name], pos
    return None


#: text symbols that stand between words as words do (``Overview \\textbar Topics``): a
#: space after one that has a space before it stays, though TeX would eat it
_SEPARATORS = frozenset("|‖–—•·…×÷±−→←↑↓<>§¶©")


def _balanced_dollar(text: str, start: int) -> int:
    """Index of the first ``$`` after ``start`` outside every brace group, or -1."""
    depth = 0
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "$" and depth <= 0:
            return i
        elif ch == "\n" and text.startswith("\n\n", i):
            return -1
        i += 1
    return -1


#: what follows the "$" of a price written after its number: a space, then a word or a
#: bracket ("costs 5$ and", "5$ (per run)"), or a mark of punctuation that ends a clause
#: ("5$.", "5$, and"); math has a command, a script or a symbol there ("2$ \\times$",
#: "2$^{nd}$")
_PRICE_AFTER = re.compile(r"\s+(?:[^\W\d_]|\()|[.,;:!?](?:\s|$)")


def _math_close(text: str, start: int, single: bool = False) -> tuple[int, int] | None:
    """For a ``$`` at ``start``, the (content end, span end) of a well-formed math span."""
    if not single and text.startswith("$$", start):
        end = text.find("$$", start + 2)
        if end == -1 or not text[start + 2 : end].strip():
            return None
        return end, end + 2
    if 0 < start and text[start - 1].isdigit() and _PRICE_AFTER.match(text, start + 1):
        return None  # "costs 5$ and": a price, whatever "$" comes later
    end = start + 1
    while True:
        end = text.find("$", end)
        if end == -1:
            return None
        if text[end - 1] != "\\":
            break
        end += 1
    content = text[start + 1 : end]
    if content.count("{") > content.count("}"):  # "$\\textit{$x$ y}$": nested dollars
        balanced = _balanced_dollar(text, start + 1)
        if balanced != -1:
            end = balanced
            content = text[start + 1 : end]
    if not content.strip() or "\n\n" in content:
        return None
    if _shell_command(content):  # "$(touch x)$": a shell's, not math
        return None
    if not _LATEXY.search(content):
        # "$5 and $10": plain content must hug its dollars and not run into a digit
        if content[0].isspace() or content[-1].isspace() or len(content) > 80:
            return None
        if content[0].isdigit() and end + 1 < len(text) and text[end + 1].isdigit():
            return None
        if not _plausible_math(content):  # "$touch me now$": prose, not math
            return None
    return end, end + 1


#: names of functions math writes as words, without a backslash ("$n log n$")
_MATH_WORDS = frozenset(
    {
        "log", "ln", "lg", "exp", "sin", "cos", "tan", "sec", "csc", "cot", "sinh", "cosh",
        "tanh", "max", "min", "sup", "inf", "lim", "det", "dim", "ker", "deg", "arg", "gcd",
        "lcm", "mod", "poly", "polylog", "sgn", "sign", "var", "cov", "tr", "rank", "diag",
        "span",
    }
)  # fmt: skip
#: a shell's command substitution: "(", a command's name, then its arguments ("(touch
#: x)", "(rm -rf ~)") or nothing ("(whoami)"), up to the ")" that ends it; math in
#: parentheses has a letter a term ("(k, l)", "(mn)", "(OPT)") or a command ("(mn \\log
#: n)") and goes on after them ("(k_F a)^{-1}")
_SHELL_COMMAND = re.compile(
    r"\(\s*(?:(?P<name>[A-Za-z][A-Za-z0-9.-]+)[ \t]+[^\s)\\][^()\\]*"
    r"|(?P<alone>[a-z]{3,}[a-z0-9.-]*)\s*)\)"
)


def _shell_command(content: str) -> bool:
    """True for the inside of a ``$…$`` that is a shell's ``$(command args)``."""
    shell = _SHELL_COMMAND.fullmatch(content)
    if shell is None:
        return False
    return (shell["name"] or shell["alone"]).casefold() not in _MATH_WORDS


def _plausible_math(content: str) -> bool:
    """False for the inside of a ``$…$`` with no LaTeX in it that math would not write:
    two words of prose one after the other ("touch me now"; "$n log n$" and "$P vs NP$"
    are math), shown as text with their dollars."""
    words = content.split()
    for pair in itertools.pairwise(words):
        if (
            all(word.isalpha() and len(word) >= 2 for word in pair)
            and max(len(word) for word in pair) >= 3
            and not any(word.casefold() in _MATH_WORDS for word in pair)
        ):
            return False
    return True


@dataclass
class _Stars:
    """A run of ``*`` (or of ``_``) and what it pairs with (CommonMark's delimiter runs)."""

    run: int
    can_open: bool
    can_close: bool
    #: the delimiter: a run pairs only with runs of the same
    char: str = "*"
    remaining: int = 0
    #: (opener index, stars used) for each emphasis this run closes
    closes: list[tuple[int, int]] = field(default_factory=list)
    opens: bool = False

    def __post_init__(self) -> None:
        self.remaining = self.run


def _is_punct(ch: str) -> bool:
    return not ch.isalnum() and not ch.isspace()


def _underscores(text: str, start: int, end: int, links: Sequence[tuple[int, int]] = ()) -> object:
    """The event for the run of ``_`` at ``text[start:end]``: a delimiter of emphasis as
    CommonMark has one for ``_`` (never within a word: ``num_layers``, ``a_b_c``), or the
    underscores as written: a run of more than one (``__init__``), one in a link, after an
    attribute's dot or a path's slash (``obj._cache``), and a subscript left outside math
    (``V_{gas}``)."""
    if end - start > 1 or _in_link(links, start):
        return text[start:end]
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    if before in "./}^" or after in "{\\":
        return "_"
    left = not after.isspace() and (not _is_punct(after) or before.isspace() or _is_punct(before))
    right = not before.isspace() and (not _is_punct(before) or after.isspace() or _is_punct(after))
    can_open = left and (not right or _is_punct(before))
    can_close = right and (not left or _is_punct(after))
    return _Stars(1, can_open, can_close, "_")


_HYPHENS = re.compile(r"-{2,3}(?!-)")


def _dashes(text: str, start: int, end: int, links: Sequence[tuple[int, int]] = ()) -> str:
    """``text[start:end]`` with TeX's dashes as dashes, read with the text around it: ``---``
    is an em dash (``treewidth---the``) and ``--`` an en dash wherever it stands (``1--2``,
    ``a -- b``, ``Weisfeiler--Leman``, ``$L^p$--$L^q$``). What is no dash stays as written:
    an arrow or a comment marker (``-->``, ``<--``, ``<!--``), an option (``--help``), a
    longer rule (``----``) and the hyphens of a link (``links``, see :func:`_links`)."""
    out: list[str] = []
    last = start
    for match in _HYPHENS.finditer(text, start, end):
        at, stop = match.span()
        before = text[at - 1] if at else " "
        after = text[stop] if stop < len(text) else " "
        run = stop - at
        if before in "-<!" or after == ">" or _in_link(links, at):
            continue
        if run == 2 and (before.isspace() or before in "([{\"'`") and after.islower():
            continue  # "--help", "`--no-cache`"
        out.append(text[last:at])
        out.append("\u2014" if run == 3 else "\u2013")
        last = stop
    out.append(text[last:end])
    return "".join(out)


_LINK_MARK = re.compile(r"://|www\.")
_SPACE = re.compile(r"\s")


def _links(text: str) -> list[tuple[int, int]]:
    """Where links are written out in ``text``, in order: from a scheme (``https://``) or
    ``www.`` to the next whitespace."""
    links: list[tuple[int, int]] = []
    pos = 0
    while (mark := _LINK_MARK.search(text, pos)) is not None:
        start = mark.start()
        if mark.group() == "://":  # back over the scheme's letters
            while start > 0 and mark.start() - start < 32 and text[start - 1].isalnum():
                start -= 1
        space = _SPACE.search(text, mark.end())
        end = len(text) if space is None else space.start()
        if start < mark.start() or mark.group() == "www.":
            links.append((start, end))
        pos = end
    return links


def _in_link(links: Sequence[tuple[int, int]], at: int) -> bool:
    """True when ``at`` is inside one of ``links`` (see :func:`_links`)."""
    index = bisect.bisect_right(links, at, key=lambda link: link[0]) - 1
    return index >= 0 and links[index][0] <= at < links[index][1]


_GROUPING = str.maketrans("", "", "{}")
_GROUPING_AND_TIES = str.maketrans({"{": None, "}": None, "~": " "})


def _switch_group(text: str, lower: int, start: int) -> int | None:
    """Where the brace opening a font switch's group is (``{\\it x}``, ``{ \\em x}``), for
    the switch at ``start``; None when no such brace is between ``lower`` and it."""
    j = start - 1
    while j >= lower and text[j] in " \t\n":
        j -= 1
    if j < lower or text[j] != "{" or text[j - 1 : j] == "\\":
        return None
    return j if matching_close(text, j) != -1 else None


_WORD_AFTER = re.compile(r" *([A-Za-z]+)")


def _switch_events(
    text: str, pos: int, close: int | None, events: list[object], grouped: bool = False
) -> int:
    """Events for the font switch whose name ends at ``pos``; returns where they end.

    ``close`` is the brace that closes the switch's group (``{\\bf 98}``); without one the
    switch takes a braced argument right after it (``\\em{x}``, as its author meant). The
    group's outer braces go, and so do those of a lone group inside it
    (``{\\em{weakly stable}}``). In a group's text (``grouped``), a switch runs to its end
    (``{\\bf bold \\it both}``). A switch in no group (``\\em Joint replay``, often what
    is left of ``{\\em Joint}`` once a converter dropped its braces) cannot say where it
    ends: it goes and the text stays plain, except that ``\\cal K`` takes its word, as
    ``{\\cal K}`` does.
    """
    name = text[text.rfind("\\", 0, pos) + 1 : pos]
    switch = SWITCHES[name]
    end = close
    if end is None:
        if text.startswith("{", pos) and (arg := matching_close(text, pos)) != -1:
            inner, after = text[pos + 1 : arg], arg + 1
        elif grouped:
            end = len(text)
        elif switch in FONT_MAPS and (word := _WORD_AFTER.match(text, pos)) is not None:
            inner, after = word.group(1), word.end()
        else:
            return pos + text.startswith(" ", pos)  # the space after its name is TeX's
    if end is not None:
        inner = text[pos:end].lstrip()
        after = end + (close is not None)
        if inner.startswith("{") and matching_close(inner, 0) == len(inner.rstrip()) - 1:
            inner = inner.rstrip()[1:-1]
    if switch in FONT_MAPS and "$" not in inner:  # "{\\cal K}" outside math reads as math
        events.append(("math", f"\\{name}{{{inner}}}"))
    elif inner:
        events.append(("cmd", switch, inner))
    return after


def _braced(text: str, pos: int) -> tuple[str, int] | None:
    """The braced argument at ``pos`` (spaces before it skipped) and where it ends."""
    while text.startswith(" ", pos):
        pos += 1
    if not text.startswith("{", pos):
        return None
    close = matching_close(text, pos)
    return None if close == -1 else (text[pos + 1 : close], close + 1)


_URL_ESCAPE = re.compile(r"\\([%#&_~$])(?:\{\})?")


def _url_text(url: str) -> str:
    """A URL written for LaTeX as its address: ``a\\_b\\%20`` → ``a_b%20``."""
    return _URL_ESCAPE.sub(r"\1", " ".join(url.split()))


def _url(text: str, pos: int, events: list[object]) -> int | None:
    """``\\url{u}``: the address as written."""
    arg = _braced(text, pos)
    if arg is None:
        return None
    events.append(_url_text(arg[0]))
    return arg[1]


def _href(text: str, pos: int, events: list[object]) -> int | None:
    """``\\href{u}{t}``: the text, then the address in parentheses (once, when the text
    is not the address itself)."""
    url = _braced(text, pos)
    label = _braced(text, url[1]) if url is not None else None
    if url is None or label is None:
        return None
    address = _url_text(url[0])
    if label[0].strip() and _url_text(label[0]).strip() not in (address, address.split("://")[-1]):
        events.append(("cmd", None, label[0]))
        events.append(f" ({address})")
    else:
        events.append(address)
    return label[1]


def _markdown_link(text: str, pos: int, events: list[object]) -> int:
    """A Markdown link ``[t](u)`` whose ``[`` ends at ``pos``, read as ``\\href{u}{t}`` is:
    the text, then the address in parentheses (once, when the text is the address)."""
    middle = text.index("](", pos)
    end = text.index(")", middle + 2)
    label, address = text[pos:middle], text[middle + 2 : end]
    plain_label = label.strip().rstrip("/")
    if plain_label and plain_label not in (
        address.rstrip("/"),
        address.split("://")[-1].rstrip("/"),
    ):
        events.append(("cmd", None, label))
        events.append(f" ({address})")
    else:
        events.append(address)
    return end + 1


def _footnote(text: str, pos: int, events: list[object]) -> int | None:
    """``\\footnote{x}``: `` (x)`` where the footnote mark was."""
    arg = _braced(text, pos)
    if arg is None:
        return None
    if arg[0].strip():
        before = text[:pos].rsplit("\\", 1)[0]
        events.append("(" if before.endswith((" ", "\n", "(")) else " (")
        events.append(("cmd", None, arg[0].strip()))
        events.append(")")
    return arg[1]


def _cite(text: str, pos: int, events: list[object]) -> int | None:
    """``\\cite{a,b}`` (and ``\\citep``, ``\\citet``…): ``[a, b]``."""
    if text.startswith("[", pos):  # \cite[p.~3]{key}: the note goes with the key
        close = text.find("]", pos)
        pos = close + 1 if close != -1 else pos
    arg = _braced(text, pos)
    if arg is None:
        return None
    keys = ", ".join(key.strip() for key in arg[0].split(",") if key.strip())
    events.append(f"[{keys}]")
    return arg[1]


def _ref(text: str, pos: int, events: list[object]) -> int | None:
    """``\\ref{x}``: x; ``\\eqref{x}``: (x)."""
    arg = _braced(text, pos)
    if arg is None:
        return None
    eq = text[:pos].endswith("eqref")
    events.append(f"({arg[0].strip()})" if eq else arg[0].strip())
    return arg[1]


#: ``\textsuperscript`` and ``\textsubscript`` before their argument.
_NESTED_SCRIPT = re.compile(r"\\text(?:super|sub)script(?=\s*\{)")


def _scripted(text: str, pos: int, events: list[object]) -> int | None:
    """``\\textsuperscript{th}`` and ``\\textsubscript{2}``: in raised or lowered letters."""
    arg = _braced(text, pos)
    if arg is None:
        return None
    sup = text[:pos].endswith("superscript")
    # a script inside one is raised (lowered) no further, read as plain text: rendered
    # in turn, scripts nested by the thousand exhausted the stack
    inner = plain(_NESTED_SCRIPT.sub(r"\\mbox", arg[0]))
    events.append(_script(inner, SUPERSCRIPTS if sup else SUBSCRIPTS, "^" if sup else "_"))
    return arg[1]


#: a Greek letter written as a command, right after an accent (``\\bar\\theta``)
_GREEK_AFTER = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])")


def _math_command(text: str, pos: int, events: list[object]) -> int | None:
    """A math command with arguments written in running text, outside ``$…$``
    (``O(\\sqrt{\\mu/L})``, ``\\frac{1}{2}``, ``\\mathcal{O}``, ``\\bar{x}``,
    ``\\bar\\theta``): read as math with them."""
    start = text.rfind("\\", 0, pos)
    name = text[start + 1 : pos]
    end = pos
    letter = _GREEK_AFTER.match(text, end) if name in ACCENTS else None
    if letter is not None and letter.group(1) in GREEK:
        events.append(("math", text[start : letter.end()]))  # "\\bar\\theta"
        return letter.end()
    if name == "sqrt" and text.startswith("[", end):
        close = text.find("]", end)
        if close == -1:
            return None
        end = close + 1
    for _ in range(2 if name in _TWO_ARGUMENTS else 1):
        arg = _braced(text, end)
        if arg is None or (name in ACCENTS and not arg[0].strip()):  # "\\hat{}": no mark alone
            return None
        end = arg[1]
    events.append(("math", text[start:end]))
    return end


#: math commands of two arguments.
_TWO_ARGUMENTS = frozenset((*_FRACTIONS, *_BINOMIALS))

#: commands of running text with arguments of their own: each makes its events from the
#: text after its name, and returns where they end (None: not written as expected).
_PROSE_COMMANDS: dict[str, Callable[[str, int, list[object]], int | None]] = {
    "url": _url, "nolinkurl": _url, "path": _url, "href": _href,
    "footnote": _footnote, "thanks": _footnote,
    "cite": _cite, "citep": _cite, "citet": _cite, "citealp": _cite, "citeauthor": _cite,
    "parencite": _cite, "textcite": _cite, "autocite": _cite,
    "ref": _ref, "eqref": _ref, "autoref": _ref, "cref": _ref, "Cref": _ref,
    "textsuperscript": _scripted, "textsubscript": _scripted,
    "sqrt": _math_command, **dict.fromkeys(_TWO_ARGUMENTS, _math_command),
    **dict.fromkeys(FONT_MAPS, _math_command), **dict.fromkeys(ACCENTS, _math_command),
}  # fmt: skip


def known_command(name: str) -> bool:
    """True for a command this module gives a meaning to, in math or in text."""
    return any(
        name in table
        for table in (_COMMANDS, _PROSE_COMMANDS, _TEXT_COMMANDS, SWITCHES, SHORTHANDS)
    ) or (name in TEXT_LETTERS or name in TEXT_ACCENTS)


def _shorthand(text: str, start: int, pos: int, events: list[object]) -> int:
    """Events for the shorthand (:data:`SHORTHANDS`) whose name runs from ``start`` to
    ``pos`` in running text; returns where it ends: a unit is set apart from a number
    glued to it, an opening bracket takes the space after it (as TeX does), and an
    abbreviation's full stop is not doubled at the end of a sentence."""
    name = text[start + 1 : pos]
    shown = SHORTHANDS[name]
    if text.startswith("{}", pos):  # "\\etal{}"
        pos += 2
    if name in _UNITS and text[start - 1 : start].isalnum():
        events.append(" ")
    if shown == "⟨" and text.startswith(" ", pos):
        pos += 1
    if shown.endswith(".") and text.startswith(".", pos):
        shown = shown[:-1]
    events.append(shown)
    return pos


def _events(text: str, mode: Mode = "prose", grouped: bool = False) -> list[object]:
    """Split prose into literal strings, math, styled commands and runs of stars and underscores.

    ``grouped``: the text is a group's (a command's argument), where a font switch ends.
    """
    events: list[object] = []
    table = {"prose": None, "title": _GROUPING, "name": _GROUPING_AND_TIES}[mode]
    links = _links(text)  # where "--" and "_" are a link's own

    def literal(start: int, end: int) -> str:
        """``text[start:end]`` as text: TeX's dashes read as dashes, with the text around them
        (``$L^p$--$L^q$``); in a title or a name, braces go."""
        piece = text[start:end]
        if "--" in piece:
            piece = _dashes(text, start, end, links)
        return piece if table is None else piece.translate(table)

    pos = 0
    n = len(text)
    math_end = -1  # where the last math span closed: "$a$$b$" is two spans, not "$$"
    #: (text position, number of events) where each token's events begin
    checkpoints: list[tuple[int, int]] = []
    while (m := _TEXT_TOKEN.search(text, pos)) is not None:
        start = m.start()
        tok = m.group()
        checkpoints.append((pos, len(events)))
        group = _switch_group(text, pos, start) if tok[1:] in SWITCHES else None
        if group is not None:  # "{\\it sublinear time}": the group is the switch's
            if group > pos:
                events.append(literal(pos, group))
            pos = _switch_events(text, m.end(), matching_close(text, group), events)
            continue
        if start > pos:
            events.append(literal(pos, start))
        pos = m.end()
        if tok[0] == "\n":
            events.append(("para", tok))
        elif tok[0] == "*":
            before = text[start - 1] if start else " "
            after = text[pos] if pos < n else " "
            # left- and right-flanking as in CommonMark: "A* search" can only close
            can_open = not after.isspace() and (
                not _is_punct(after) or before.isspace() or _is_punct(before)
            )
            can_close = not before.isspace() and (
                not _is_punct(before) or after.isspace() or _is_punct(after)
            )
            events.append(_Stars(len(tok), can_open, can_close))
        elif tok == "_" and _subscript_at(text, start, links):
            lowered = _script_group(text, start)
            if lowered is None:
                events.append("_")
            else:
                events.append(("math", text[start:lowered]))
                pos = lowered
        elif tok[0] == "_":
            events.append(_underscores(text, start, pos, links))
        elif tok[0] == "$":
            close = _math_close(text, start, single=start == math_end)
            opened = None if close is not None else _unopened_math(text, start, checkpoints)
            if opened is not None:  # "order \\cal{O}(\\alpha_{s}^2)$ in": its "$" lost
                begin, origin, kept = opened
                del events[kept:]
                if begin > origin:
                    events.append(literal(origin, begin))
                events.append(("math", text[begin:start]))
                pos = math_end = start + 1
            elif close is None:
                events.append("$")
                pos = start + 1
            else:
                opener = 1 if start == math_end else len(tok)
                events.append(("math", text[start + opener : close[0]]))
                pos = math_end = close[1]
        elif tok[0] == "&":  # an entity of a link's address stays as written
            events.append(literal(start, pos) if _in_link(links, start) else _ENTITIES[tok])
        elif tok == "[":
            pos = _markdown_link(text, pos, events)
        elif tok in ("`", "``"):  # Markdown's code span, "`OutEffHop`", "``DoWhy``"
            closing = text.index(tok, pos)
            # in a title or a name the backticks stay, as written: a title's one line
            # is printed plain (search, show, a citation), where code would look like
            # any other word ("Shell `id` robots" as "Shell id robots")
            marks = tok if mode != "prose" else ""
            events.extend((marks, ("code", text[pos:closing]), marks))
            pos = closing + len(tok)
        elif tok[0] == "^" and tok[1:].isdigit():
            # a power written without $…$: "fm^2" is "fm²" (a digit is raised whatever
            # the font); "2^10", "x^2y" and a link's caret stay as written, and so does
            # one of a term with a power Unicode cannot raise ("L^2-L^p", as in math)
            kept = _in_link(links, start) or _other_power(text, start)
            events.append(literal(start, pos) if kept else SUPERSCRIPTS[tok[1]])
        elif tok == "^{":
            raised = _script_group(text, start)
            if raised is None:
                events.append(literal(start, pos))
            else:
                events.append(("math", text[start:raised]))
                pos = raised
        elif tok in ("\\(", "\\["):
            closer = "\\)" if tok == "\\(" else "\\]"
            end = text.find(closer, pos)
            if end == -1:
                events.append(tok[1])
            else:
                events.append(("math", text[pos:end]))
                pos = end + 2
        elif tok.startswith("\\begin{"):
            env = tok[7:-1]
            end = text.find("\\end{" + env + "}", pos)
            if end == -1:
                events.append(("math", ""))  # drop the bare \begin, keep what follows
            else:
                events.append(("math", text[pos:end]))
                pos = end + len(env) + 6
        else:
            special = _special_letter(text, start, pos)
            if special is not None:
                letter, pos = special
                # "{\\'a}" and "{\\o}": the braces belong to the letter
                pos = _own_braces(text, start, pos, events)
                events.append(letter)
                continue
            name = tok[1:]
            if name in SWITCHES:  # "\\bf 98", "\\em{weakly stable}"
                pos = _switch_events(text, pos, None, events, grouped)
                continue
            if name in _PROSE_COMMANDS:
                ended = _PROSE_COMMANDS[name](text, pos, events)
                if ended is not None:
                    pos = ended
                    continue
            if name in _TEXT_COMMANDS and pos < n and text[pos] == "{":
                close_at = matching_close(text, pos)
                if close_at != -1:
                    events.append(("cmd", _TEXT_COMMANDS[name], text[pos + 1 : close_at]))
                    pos = close_at + 1
                    continue
            if name == "\\" and pos < n and text[pos] in "$%{}_#&":
                events.append(text[pos])  # "\\$": a dollar escaped twice over
                pos += 1
            elif len(name) == 1 and not name.isalpha():
                events.append(_TEXT_ESCAPES.get(name, name))
            elif name in GREEK or name in SYMBOLS:
                pos = _own_braces(text, start, pos, events)  # "{\\alpha}-test": "α-test"
                events.append(("math", tok))
            elif (run_on := run_on_symbol(name)) is not None:
                events.append(TEXT_SYMBOLS[run_on[0]])  # "\\textasciicircumd": "^d"
                events.append(run_on[1])
            elif name in SHORTHANDS:
                pos = _shorthand(text, start, pos, events)
            else:
                # a command known in math but written without its argument keeps its name
                # ("the \\sqrt rule"); any other is the paper's own: shown as written
                known = known_command(name)
                if not known:
                    pos = _paper_command_events(text, start, pos, events)
                    continue
                if name in OPERATORS and text[start - 1 : start].isalnum():
                    events.append(" ")  # "O(d\\log^2 n)" is "O(d log^2 n)"
                events.append(name if known else tok)
                if pos < n and text[pos] == "{":  # and its argument as text
                    close_at = matching_close(text, pos)
                    if close_at != -1:
                        argument = ("cmd", None, text[pos + 1 : close_at])
                        events.extend([argument] if known else ["{", argument, "}"])
                        pos = close_at + 1
    if pos < n:
        events.append(literal(pos, n))
    return events


#: math commands that mark a run of text as LaTeX: letters, symbols, operators, fonts of
#: math, accents, fractions and roots (``\\alpha``, ``\\pm``, ``\\cal``, ``\\frac``), not
#: the commands of text (``\\textbf``, ``\\cite``)
_MATH_MARKS = frozenset(
    [*GREEK, *SYMBOLS, *OPERATORS, *FONT_MAPS, *ACCENTS, *_FRACTIONS, *_BINOMIALS, "sqrt"]
)
_COMMAND_NAME = re.compile(r"\\([A-Za-z]+)")
#: what ends a word that a formula goes on from into the next one: a relation or a sign
#: (``\\Delta\\alpha_n=0.8\\pm`` and ``1.7$``)
_SYMBOL_NAMES = "|".join(sorted(SYMBOLS, key=len, reverse=True))
_RUNS_ON = re.compile(rf"(?:[=<>+]|\\(?:{_SYMBOL_NAMES}))$")
_BRACED_SCRIPT = re.compile(r"[_^]\{")


def _unopened_math(
    text: str, at: int, checkpoints: Sequence[tuple[int, int]]
) -> tuple[int, int, int] | None:
    """For a lone ``$`` at ``at`` that closes math whose own ``$`` was lost (arXiv:
    "up to order \\cal{O}(\\alpha_{s}^2)$ in"), where that math starts, and the
    checkpoint (of ``checkpoints``, see :func:`_events`) whose events are to be made
    again from there: its text position and how many events come before it; None when the text
    before the ``$`` is not plainly LaTeX, and the ``$`` is a dollar sign.

    The math is the word before the ``$`` (and the words before it that a relation or a
    sign runs on from: ``\\Delta\\alpha_n=0.8\\pm 1.7$``), glued to it, with balanced
    braces and no ``$``, holding a command of math (:data:`_MATH_MARKS`) or a braced
    script; a ``$`` a letter or a command follows opens math rather than closes it."""
    after = text[at + 1 : at + 2]
    if not at or text[at - 1].isspace() or after.isalnum() or after == "\\":
        return None
    start = end = at
    while True:
        word = end
        while word and not text[word - 1].isspace():
            word -= 1
        if word == end or "$" in text[word:end]:
            break
        start = gap = word
        while gap and text[gap - 1] in " \t\n":
            gap -= 1
        if gap == start or "\n\n" in text[gap:start] or not _RUNS_ON.search(text, 0, gap):
            break
        end = gap
    start = _group_start(text, start, at)
    run = text[start:at]
    if not run or "$" in run or run.count("{") != run.count("}"):
        return None
    marked = any(name in _MATH_MARKS for name in _COMMAND_NAME.findall(run))
    if not marked and not _BRACED_SCRIPT.search(run):
        return None
    for position, count in reversed(checkpoints):
        if position <= start:
            token = _TEXT_TOKEN.search(text, position)
            # the events from there on must be of the math's text only
            if position < start and token is not None and token.start() < start:
                return None
            return start, position, count
    return None


#: how far back a formula whose ``$`` was lost may reach for the brace that opens a group
#: it closes
_GROUP_REACH = 120


def _group_start(text: str, start: int, end: int) -> int:
    """Where the word holding ``text[start:end]`` starts, reaching back for the braces
    closed in it and opened before it (``{\\cal O}(\\alpha_s^2)``, written with a space
    in the group); ``start`` when there are none, or they are not found near."""
    depth = text.count("}", start, end) - text.count("{", start, end)
    if depth <= 0:
        return start
    j = start
    while depth > 0:
        j -= 1
        if j < 0 or end - j > _GROUP_REACH or text[j] == "$" or text.startswith("\n\n", j):
            return start
        depth += (text[j] == "}") - (text[j] == "{")
    while j and not text[j - 1].isspace():
        j -= 1
    return j


def _subscript_at(text: str, at: int, links: Sequence[tuple[int, int]]) -> bool:
    """True when the ``_`` at ``at`` is a subscript written outside math with a braced
    group (``M_{CDM}``, ``\\alpha_{s}``): after a letter, a digit or a bracket, before a
    brace, and in no link."""
    before = text[at - 1 : at]
    return (
        text.startswith("{", at + 1)
        and (before.isalnum() or (before != "" and before in ")]}"))
        and not _in_link(links, at)
    )


def _own_braces(text: str, start: int, pos: int, events: list[object]) -> int:
    """Where a command running from ``start`` to ``pos`` ends when braces of its own are
    around it (``{\\'a}``, ``{\\NP}``): its opening brace taken off the text before it in
    ``events`` and its closing one passed over; else ``pos``."""
    last = events[-1] if events else None
    if (
        isinstance(last, str)
        and last.endswith("{")
        and text[start - 1 : start] == "{"
        and text[start - 2 : start - 1] != "\\"  # "\\{\\alpha\\}": a brace shown
        and text.startswith("}", pos)
    ):
        events[-1] = last[:-1]
        return pos + 1
    return pos


def _paper_command_events(text: str, start: int, pos: int, events: list[object]) -> int:
    """Events for a command of the paper's own in running text, its name running from
    ``start`` to ``pos``, as :func:`paper_command` reads it; returns where they end. An
    acronym in braces of its own (``{\\NP}-oracle``) takes them, as a letter does."""
    name = text[start + 1 : pos]
    argument = None
    if text.startswith("{", pos) and (close := matching_close(text, pos)) != -1:
        argument = text[pos + 1 : close]
    reading = paper_command(name, argument)
    if reading == "acronym":
        braced = _own_braces(text, start, pos, events)
        if braced == pos and text.startswith("{}", pos):  # "\\OPT{}": an empty group ends it
            braced = pos + 2
        events.append(name)
        return braced
    if argument is None or reading is None:
        events.append(text[start:pos])
        if argument is not None:
            events.extend(["{", ("cmd", None, argument), "}"])
            return pos + len(argument) + 2
        return pos
    if reading == "mark":
        events.append(("cmd", None, argument))
    else:
        events.extend([name + "(", ("cmd", None, argument), ")"])
    return pos + len(argument) + 2


_DIGIT_POWER = re.compile(r"\^\d(?![^\W_])")


def _other_power(text: str, at: int) -> bool:
    """True when the word around the caret at ``at`` (up to the spaces on each side)
    has another caret that is no power of one digit: "L^2-L^p", "⟨r^2⟩^π"."""
    start, end = at, at + 1
    while start and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    carets = text.count("^", start, end)
    return carets > 1 and len(_DIGIT_POWER.findall(text, start, end)) < carets


#: how long a braced script written outside math may be and still read as one
_SCRIPT_GROUP_REACH = 60


def _script_group(text: str, start: int) -> int | None:
    """Where a sub- or superscript written in running text, outside ``$…$``, ends: the
    ``_`` or ``^`` at ``start`` and the braced group after it, which reads as math
    (``10^{15}`` is "10¹⁵", ``O(1/k^{2})`` "O(1/k²)", ``M_{CDM}`` "M_CDM" and
    ``rho_h^{1/2}`` "rho_h^(1/2)", as math writes a script Unicode cannot raise or lower).
    None for a group that is empty, unclosed, long or holds a dollar or a line break:
    that stays as written."""
    close = matching_close(text, start + 1)
    if close == -1 or close - start > _SCRIPT_GROUP_REACH:
        return None
    inner = text[start + 2 : close]
    if not inner.strip() or "$" in inner or "\n" in inner:
        return None
    return close + 1


def _pair_stars(events: list[object]) -> None:
    """Match runs of stars and of underscores into emphasis the way CommonMark does (rule
    of three included)."""
    stack: list[int] = []
    for index, event in enumerate(events):
        if isinstance(event, tuple) and event[0] == "para":
            stack.clear()
            continue
        if not isinstance(event, _Stars):
            continue
        if event.can_close:
            while event.remaining and stack:
                for depth in range(len(stack) - 1, -1, -1):
                    opener = events[stack[depth]]
                    assert isinstance(opener, _Stars)
                    if opener.char != event.char:  # "*" closes "*" only, "_" "_"
                        continue
                    both = opener.can_close or event.can_open
                    if (
                        both
                        and (opener.run + event.run) % 3 == 0
                        and not (opener.run % 3 == 0 and event.run % 3 == 0)
                    ):
                        continue
                    used = 2 if opener.remaining >= 2 and event.remaining >= 2 else 1
                    opener.remaining -= used
                    event.remaining -= used
                    opener.opens = True
                    event.closes.append((stack[depth], used))
                    del stack[depth + (opener.remaining > 0) :]
                    break
                else:
                    break
        if event.can_open and event.remaining:
            stack.append(index)


#: what joins math spans into one expression: a dash or a slash (``$L^p$--$L^q$``)
_MATH_JOINER = re.compile(r"[-\u2013\u2014\u2212/]{1,3}")


def _caret_expressions(events: list[object]) -> set[int]:
    """The indices of the math spans whose superscripts are to be written with ``^``: those of
    an expression written as spans joined by a dash or a slash (``$L^p$--$L^q$``), one of
    which has a superscript Unicode cannot raise: "L^p–L^q", not "Lᵖ–L^q"."""
    expressions: list[dict[int, str]] = []
    last = -2
    for index, event in enumerate(events):
        if not (isinstance(event, tuple) and event[0] == "math"):
            continue
        joiner = events[index - 1] if expressions and index - last == 2 else None
        if expressions and (
            index - last == 1 or (isinstance(joiner, str) and _MATH_JOINER.fullmatch(joiner))
        ):
            expressions[-1][index] = event[1]
        else:
            expressions.append({index: event[1]})
        last = index
    carets: set[int] = set()
    for expression in expressions:
        if len(expression) > 1 and any(_math_carets(m)[1] for m in expression.values()):
            carets.update(expression)
    return carets


#: how deep commands may nest (``\emph{\textbf{…}}``) and still be rendered; deeper, a
#: command's argument is shown as written: a list nesting them by the thousand would
#: otherwise exhaust Python's stack and take the reader down with it.
_MAX_NESTING = 64


def _render_into(
    text: str, out: _Out, mode: Mode = "prose", grouped: bool = False, depth: int = 0
) -> None:
    events = _events(text, mode, grouped)
    _pair_stars(events)
    carets = _caret_expressions(events)
    opened: dict[int, int] = {}
    for index, event in enumerate(events):
        if isinstance(event, str):
            out.add(event)
        elif isinstance(event, _Stars):
            for opener, used in event.closes:
                start = opened.get(opener, out.size)
                if out.size > start:
                    out.spans.append(Span(start, out.size, "em" if used == 1 else "strong"))
            out.add(event.char * event.remaining)
            if event.opens:
                opened[index] = out.size
        elif isinstance(event, tuple):
            kind = event[0]
            if kind == "para":
                out.add(event[1])
            elif kind == "code":
                start = out.size
                out.add(event[1])
                out.spans.append(Span(start, out.size, "code"))
            elif kind == "math":
                converted = _math(event[1], index in carets)
                body = converted.text()
                stripped = body.strip()
                if stripped != body:
                    lead = len(body) - len(body.lstrip())
                    shifted = _Out()
                    shifted.add(stripped)
                    for span in converted.spans:
                        s = max(0, min(len(stripped), span.start - lead))
                        e = max(0, min(len(stripped), span.end - lead))
                        if e > s:
                            shifted.spans.append(Span(s, e, span.style))
                    converted = shifted
                out.add_out(converted, "math")
            elif kind == "cmd":
                if depth >= _MAX_NESTING:
                    out.add(event[2])
                    continue
                inner = _Out()
                _render_into(event[2], inner, mode, grouped=True, depth=depth + 1)
                out.add_out(inner, event[1])


#: how far a TeX quotation may run before its closing quotes are given up on.
_QUOTE_REACH = 400


def _quote_close(text: str, start: int) -> tuple[int, int] | None:
    """Where the TeX quotation opened just before ``start`` closes, ``''`` or ``"``
    outside math (its index and width); None when a paragraph ends or another opens
    first."""
    dollars = 0
    for i in range(start, min(len(text), start + _QUOTE_REACH)):
        ch = text[i]
        escaped = text[i - 1] == "\\"
        if ch == "$" and not escaped:
            dollars += 1
        elif text.startswith("\n\n", i) or text.startswith("``", i):
            return None
        elif dollars % 2 == 0 and not escaped:
            if text.startswith(("''", "\u2019\u2019"), i):
                return i, 2
            if ch == '"':
                return i, 1
    return None


#: a quotation opened as TeX's is not, before a word: two apostrophes (``''yes''``), a
#: straight double quote (``"global''``) or one backquote (```Fréchet''``)
_DOLLAR = re.compile(r"(?<!\\)\$")
_LOOSE_OPEN = re.compile(r"(?<![^\s(\[{/])(?:''|\"|`(?!`))(?=[^\s'\"`])")


def _loose_quotes(text: str) -> str:
    """``text`` with the quotations TeX's two apostrophes close but that are opened
    otherwise (:data:`_LOOSE_OPEN`) in curly quotes: ``''yes''``, ``''yes"``, ``"global''``
    and ```Fréchet''`` are all “…”. A straight quote closed by one (``"a"``) and an
    opening in math stay as written."""
    if "''" not in text:
        return text
    out: list[str] = []
    pos = 0
    dollars = 0  # unescaped dollars before ``counted``: an odd count is inside math
    counted = 0
    for match in _LOOSE_OPEN.finditer(text):
        start, end = match.span()
        dollars += len(_DOLLAR.findall(text, counted, start))
        counted = start
        if start < pos or dollars % 2:
            continue
        close = _quote_close(text, end)
        if close is None:
            continue
        at, width = close
        if (width == 1 and match.group() != "''") or text[at - 1].isspace():
            continue
        out.append(f"{text[pos:start]}\u201c{text[end:at]}\u201d")
        pos = at + width
    out.append(text[pos:])
    return "".join(out)


#: TeX's single opening quote: a backquote before a word, after none and no backslash
#: (``\\`a`` is an accent)
_SINGLE_OPEN = re.compile(r"(?<![`\w\\])`(?=[^\s`'])")
#: how far a TeX single quotation may run before its closing quote is given up on
_SINGLE_REACH = 120


def _single_close(text: str, start: int) -> int | None:
    """Where the TeX single quotation opened just before ``start`` closes: an apostrophe
    after a letter and before no letter (not the one of "don't"); None when a line
    breaks, a backquote or a dollar comes first, or none is near."""
    for i in range(start, min(len(text), start + _SINGLE_REACH)):
        ch = text[i]
        if ch in "`$\n":
            return None
        if ch == "'" and not text[i - 1].isspace() and not text[i + 1 : i + 2].isalnum():
            return i
    return None


def _single_quotes(text: str) -> str:
    """``text`` with TeX's single quotation marks as curly ones: a backquote, then an
    apostrophe, are ‘ and ’ (arXiv: "called the `real linear polarization constant'
    problem", ICML 2024: "a `flat' prior"). A backquote closed by a backquote (a
    Markdown code span), in math or closed by nothing near stays as written."""
    if "`" not in text:
        return text
    out: list[str] = []
    pos = 0
    dollars = 0  # unescaped dollars before ``counted``: an odd count is inside math
    counted = 0
    for match in _SINGLE_OPEN.finditer(text):
        start = match.start()
        dollars += len(_DOLLAR.findall(text, counted, start))
        counted = start
        if start < pos or dollars % 2:
            continue
        close = _single_close(text, match.end())
        if close is None:
            continue
        out.append(f"{text[pos:start]}\u2018{text[match.end() : close]}\u2019")
        pos = close + 1
    out.append(text[pos:])
    return "".join(out)


def tex_quotes(text: str) -> str:
    """TeX's double quotation marks as curly ones: two backquotes, then two apostrophes
    or (as some sources close them) a straight double quote, are “ and ”; so are the
    quotations closed TeX's way but opened otherwise (:func:`_loose_quotes`), and the
    single ones (:func:`_single_quotes`). An opening pair that nothing closes (a markdown
    code span, say) is left as it is."""
    if "``" not in text:
        return _single_quotes(_loose_quotes(text))
    out: list[str] = []
    pos = 0
    while (start := text.find("``", pos)) != -1:
        close = None if text[start - 1 : start] in ("\\", "`") else _quote_close(text, start + 2)
        if close is None:
            out.append(text[pos : start + 2])
            pos = start + 2
            continue
        end, width = close
        out.append(f"{text[pos:start]}\u201c{text[start + 2 : end]}\u201d")
        pos = end + width
    out.append(text[pos:])
    return _single_quotes(_loose_quotes("".join(out)))


#: LaTeX's tie (a space that does not break) in running text: after a word or an
#: abbreviation's full stop, before a word in lower case, a bracket or a citation
#: ("Learning~(RL)", "i.e.~the", "algorithm~\\cite{…}"). A tilde before a number means
#: "about" ("~500 km/s", "z~2.56"), and one after a letter alone or before a capital may
#: mean "distributed as" ("X~N(0,1)"): those stay, as do a path's ("x.edu/~user").
_PROSE_TIE = re.compile(r"(?<=[^\W\d_]{2}|[^\W\d_]\.)~(?=[a-z(\[]|\\[A-Za-z]*(?:cite|ref))")
_NOT_A_WORD = re.compile(r"[/@]|www\.")


def _prose_ties(text: str) -> str:
    """``text`` with each LaTeX tie of its running text (:data:`_PROSE_TIE`) a space."""
    if "~" not in text:
        return text

    def tie(match: re.Match[str]) -> str:
        start, end = match.start(), match.end()
        while start and not text[start - 1].isspace():
            start -= 1
        while end < len(text) and not text[end].isspace():
            end += 1
        return "~" if _NOT_A_WORD.search(text, start, end) else " "

    return _PROSE_TIE.sub(tie, text)


#: BibTeX's spelling of a caret before a number or a group (``m{\\textasciicircum}2``,
#: ``\\textasciicircum{}{10}``): what Zotero writes for the ``^`` its user typed
_ESCAPED_CARET = re.compile(r"(?:\{\\textasciicircum\}|\\textasciicircum(?:\{\}| ?))(?=[\d{])")


def _escaped_carets(text: str) -> str:
    """``text`` with each caret BibTeX spelled as ``{\\textasciicircum}`` before a number
    or a group written ``^``, to read as one written so does: ``m{\\textasciicircum}2``
    is "m²" as ``fm^2`` is "fm²" (and ``nm{\\textasciicircum}d`` "nm^d" as ``nm^d``)."""
    if "textasciicircum" not in text:
        return text
    return _ESCAPED_CARET.sub("^", text)


#: a soft hyphen, where a word may be broken across lines: the reader breaks its lines
#: itself, and terminals show one as a hyphen or as nothing. One between spaces
#: ("Approximation \u00ad Theorem", Zotero CSL-JSON) goes with a space.
_SOFT_HYPHEN = re.compile("(?<= )\u00ad+ |\u00ad")


def _hyphens(text: str) -> str:
    """``text`` with each hyphen a PDF left as ``\\x02`` (``safetext.PDF_HYPHEN``; any
    other control character is shown as a symbol, see :func:`visible`) a hyphen,
    and without its soft hyphens (:data:`_SOFT_HYPHEN`)."""
    text = pdf_hyphens(text)
    return _SOFT_HYPHEN.sub("", text) if "\u00ad" in text else text


#: a command a Zotero user typed, as Better BibTeX writes it: its backslash as
#: ``{\\textbackslash}``, the braces around it or its argument as ``\\{`` and ``\\}``
#: (``{\\textbackslash}emph\\{tilt\\}``, ``\\{{\\textbackslash}NP\\}-oracle``)
_ESCAPED_COMMAND = re.compile(
    r"(?P<open>\\\{)?\{\\textbackslash\}(?P<name>[A-Za-z]+)"
    r"(?:\\\{(?P<argument>[^{}\\$\n]*)\\\})?(?P<close>\\\})?"
)


def _escaped_commands(text: str) -> str:
    """``text`` with each command a Zotero user typed into an abstract or a title, which
    Better BibTeX escaped (:data:`_ESCAPED_COMMAND`), written as they typed it, to read
    as the same command does in any list: ``{\\textbackslash}emph\\{tilt\\}`` is
    ``\\emph{tilt}``, "tilt" in italics, and ``\\{{\\textbackslash}NP\\}-oracle`` is
    ``{\\NP}-oracle``, "NP-oracle". A command this module does not read (``\\n``, a
    paper's ``\\cla``) stays escaped, a backslash and its name shown as written."""
    if "textbackslash" not in text:
        return text

    def unescape(match: re.Match[str]) -> str:
        name, argument = match["name"], match["argument"]
        if not known_command(name) and paper_command(name, argument) is None:
            return match[0]
        braced = bool(match["open"] and match["close"])
        command = "\\" + name + ("" if argument is None else "{" + argument + "}")
        if braced:
            return "{" + command + "}"
        return (match["open"] or "") + command + (match["close"] or "")

    return _ESCAPED_COMMAND.sub(unescape, text)


def render(text: str) -> Rendered:
    """Turn an abstract or title into display text plus style spans.

    The text keeps every character of the input that is not markup; control characters
    are left alone (see :func:`visible`), but for the hyphen a PDF left as one
    (``safetext.PDF_HYPHEN``). TeX's quotation marks are curly ones
    (:func:`tex_quotes`), and a tie between words is a space (:data:`_PROSE_TIE`).
    """
    out = _Out()
    source = _escaped_commands(_escaped_carets(_hyphens(text)))
    _render_into(tex_quotes(_prose_ties(source)), out)
    spans = tuple(sorted(out.spans, key=lambda s: (s.start, -s.end, s.style)))
    return Rendered(out.text(), spans)


def plain(text: str) -> str:
    """The display text of ``text`` without styles."""
    return render(text).text


_LINE_SPACE = re.compile(r"[ \t\r\n\f\v]+")
_SPACES = re.compile(r" {2,}")
#: LaTeX's tie (a space that does not break) between two words of a title: after a
#: letter, digit or sentence mark, before a letter, digit, brace, math or command; not
#: after a letter alone before a number, where it means "about" ("the z~2.56 Cloverleaf").
_TITLE_TIE = re.compile(
    r"(?<=[^\W_]|[.,;:])(?<!\b[^\W\d_])~(?=[^\W_]|[{$\\])"
    r"|(?<=\b[^\W\d_])~(?=[^\W\d_]|[{$\\])"
)


#: the rich text CSL-JSON allows in a title (Zotero writes it so), and Crossref's titles
#: carry, JATS's among them: italics, bold, sub- and superscripts, small capitals (and
#: Wiley's ``<scp>``), underline, and a stretch whose case is to be kept
_CSL_MARKUP = re.compile(
    r"<(?P<tag>(?:jats:)?(?:i|italic|em|b|bold|strong|sub|sup|sc|scp|u|underline|tt|code))"
    r"""(?:\s+[a-z:-]+=(?:"[^"<>]*"|'[^'<>]*'))*\s*>"""
    r"(?P<inner>(?:[^<>{}\\]|\\[a-z]+\{[^<>{}\\]*\}|\{[^<>{}\\]*\})*)</(?P=tag)>"
    r"|<span (?P<span>class=\"nocase\"|style=\"font-variant: ?small-caps;?\")>"
    r"(?P<spanned>[^<>{}\\]*)</span>"
    r"""|<span(?:\s+[a-z:-]+=(?:"[^"<>]*"|'[^'<>]*'))*\s*>(?P<plain>[^<>{}\\]*)</span>"""
)
#: each of them as the LaTeX command the title renderer reads the same way (none: a group)
_CSL_COMMANDS = {
    "i": "textit", "italic": "textit", "em": "textit", "b": "textbf", "bold": "textbf",
    "strong": "textbf", "sub": "textsubscript", "sup": "textsuperscript", "tt": "texttt",
    "code": "texttt",
}  # fmt: skip
#: a line break a scraped title keeps from its page ("Line<br>break"): a space
_TITLE_BREAK = re.compile(r"\s*<br\s*/?>\s*", re.IGNORECASE)


def csl_markup(title: str) -> str:
    """``title`` with the rich text of a CSL-JSON or Crossref title (:data:`_CSL_MARKUP`) as
    the LaTeX that reads the same: ``Growth of <i>E. coli</i> in H<sub>2</sub>O`` is
    "Growth of E. coli in H₂O" with "E. coli" in italics, where its tags were shown.
    Only a tag closed around text with no tag, brace or backslash in it is taken as
    markup: ``a<b and c>d`` stays as written. A tag may carry attributes (``<i
    class="x">``), and hold one it is read first (``<i><b>bold italic</b></i>``); a
    span of another class is its text, and a line break (``<br>``) a space."""
    if "<" in title and "<br" in title.lower():
        title = _TITLE_BREAK.sub(" ", title)
    if "</" not in title:
        return title

    def command(match: re.Match[str]) -> str:
        if match["plain"] is not None:
            return match["plain"]
        tag = (match["tag"] or "").removeprefix("jats:")
        if tag in _CSL_COMMANDS:
            return f"\\{_CSL_COMMANDS[tag]}{{{match['inner']}}}"
        return "{" + (match["inner"] if tag else match["spanned"]) + "}"

    while True:  # the tags inside first: each pass reads those around text alone
        read = _CSL_MARKUP.sub(command, title)
        if read == title:
            return read
        title = read


def _render_line(text: str, mode: Mode) -> Rendered:
    out = _Out()
    line = _hyphens(_LINE_SPACE.sub(" ", text).strip())
    _render_into(tex_quotes(_escaped_commands(_escaped_carets(line))), out, mode)
    spans = tuple(sorted(out.spans, key=lambda s: (s.start, -s.end, s.style)))
    return Rendered(out.text(), spans)


def render_title(title: str) -> Rendered:
    """A paper title as one line of display text plus style spans.

    As :func:`render` (math in Unicode, ``\\textit{…}`` and ``*…*`` as spans), and also:
    text accents and letter commands become letters (``Bal\\'azs`` → ``Balázs``,
    ``{\\o}`` → ``ø``), BibTeX's grouping braces go (``{RL}`` → ``RL``; ``\\{`` stays a
    brace), a tie between words is a space (``of~Weighted``; ``~10%`` stays), and line
    breaks and runs of whitespace become one space.
    """
    if "<" in title and "math" in title:
        # MathML a list took from Crossref ("<math><msub><mi>L</mi>…"), as the LaTeX that
        # reads the same, shown as the title's other math is: the tags were shown
        from tuireader.render.citations import mathml_as_latex

        title = mathml_as_latex(title)
    return _render_line(_TITLE_TIE.sub(" ", csl_markup(title)), "title")


def display_where(where: Sequence[str], venue: str | None) -> tuple[str, ...]:
    """Where a paper comes from (``Paper.where``), its ``venue`` read as a title is
    ("Testing -- SAT 2015" as "Testing – SAT 2015"); a list's name is a file's, kept as
    it is."""
    return tuple(display_title(part) if part == venue else part for part in where)


def display_title(title: str) -> str:
    """The plain display text of a paper title (see :func:`render_title`), one line."""
    return _SPACES.sub(" ", render_title(title).text).strip()


def display_author(name: str) -> str:
    """The plain display text of one author's name, one line.

    As :func:`display_title`, and a ``~`` (BibTeX's tie) is a space:
    ``C.~Bal\\'{a}zs`` → ``C. Balázs``.
    """
    if "<" in name:
        # the tags a page left on a name ("<b>Jane Doe</b>", "Lee<sup>1</sup>"), as the
        # citations leave them out
        from tuireader.render.safetext import untagged_name

        name = untagged_name(name)
    return _SPACES.sub(" ", _render_line(name, "name").text).strip()


def display_authors(names: Iterable[str], sep: str = ", ") -> str:
    """Authors' names joined by ``sep``, each as :func:`display_author` shows it."""
    return sep.join(display_author(name) for name in names)


def display_editors(names: Sequence[str]) -> str:
    """Editors of a work with no authors, as a byline: "Kenny Erleben (ed.)". Sources
    keep editors as "Family, Given"; they are shown given name first, as authors are."""
    shown = []
    for name in names:
        family, comma, given = name.partition(",")
        flipped = f"{given.strip()} {family.strip()}" if comma and "," not in given else name
        shown.append(display_author(flipped))
    return ", ".join(shown) + (" (ed.)" if len(shown) == 1 else " (eds.)")


def visible(text: str) -> str:
    """Make control characters visible: ESC becomes ␛, other controls a symbol or \\xNN.

    Bidirectional overrides, isolates and marks and zero-width characters are shown as
    ``\\uXXXX`` and lone surrogates as U+FFFD; newlines and tabs are kept as they are.
    The one shared rule is :func:`tuireader.render.safetext.terminal`.
    """
    return terminal(text)
