from grundy.values import parse
from grundy.values.misere import MisereGame

g = parse("{^^|vv}")
print(g.atomic_weight(), g.reduced(), g.ish(parse("*")))      # * 0 True
half_up = parse("1/2").norton(parse("^"))
print(half_up, half_up + half_up)                             # {^^*|v*} ^
print(parse("*").heat(parse("1")), parse("1").ordinal_sum(parse("-1")))  # +-1 1/2
print(parse("{3|-1}").freeze(), parse("^").is_all_small)      # 1* True
print(MisereGame.parse("*2+*2").genus_text())                 # 0^02
