"""Hand-written seed lists of the Russian Intercept (scripts/build_intercept_russian.py).

Written for cipherkit by a cipherkit developer (not copied from any game's cards, word
list or dictionary); licence MIT, as cipherkit.

* ``TRANSLATIONS``: one line per English word, ``english: русский, русский``: its usual
  Russian translations as nouns, nominative (singular unless the noun has no singular).
  Every word of the English keyword list has a line, and so has the English of every
  Russian keyword that is not in the English list.
* ``RUSSIAN_KEYWORDS``: the Russian keyword list by theme: familiar concrete nouns,
  lower case, nominative singular, one word each. Each is the translation of some line
  of ``TRANSLATIONS``, so a clue that translates a keyword is refused both ways.
"""

from __future__ import annotations

TRANSLATIONS = """
aardvark: трубкозуб
accordion: аккордеон, гармонь
acorn: жёлудь
actor: актёр
airport: аэропорт
alarm: будильник, сигнализация
alligator: аллигатор
alpaca: альпака
ambulance: скорая
anchor: якорь
angel: ангел
ankle: лодыжка
ant: муравей
antelope: антилопа
anvil: наковальня
ape: обезьяна
apple: яблоко
apricot: абрикос
apron: фартук
aquarium: аквариум
archery: стрельба из лука
arm: рука
armadillo: броненосец
armchair: кресло
army: армия
arrow: стрела
astronaut: космонавт, астронавт
attic: чердак
avocado: авокадо
axe: топор
baboon: бабуин
backpack: рюкзак
bacon: бекон
badge: значок
badger: барсук
bagel: бублик, бейгл
baker: пекарь
bakery: пекарня
balcony: балкон
ball: мяч, бал
balloon: шарик
bamboo: бамбук
banana: банан
bandage: бинт, повязка
banjo: банджо
barber: парикмахер, цирюльник
barn: сарай, амбар
barrel: бочка
baseball: бейсбол
basement: подвал
basket: корзина
basketball: баскетбол
bathtub: ванна
battery: батарейка, аккумулятор
beach: пляж
bean: фасоль, боб
bear: медведь
beard: борода
beaver: бобр
bed: кровать
bee: пчела
beer: пиво
beetle: жук
bell: колокол, колокольчик
belt: ремень, пояс
bench: скамейка
bicycle: велосипед
bikini: бикини
biscuit: печенье
bison: бизон, зубр
blanket: одеяло
blender: блендер
blossom: цветение
blouse: блузка
boar: кабан
boat: лодка
bone: кость
bonfire: костёр
book: книга
bookcase: книжный шкаф
boomerang: бумеранг
boot: сапог, ботинок
bottle: бутылка
bowl: миска, чаша
box: коробка, ящик
boxing: бокс
bracelet: браслет
brain: мозг
bread: хлеб
brick: кирпич
bride: невеста
bridge: мост
broccoli: брокколи
bronze: бронза
broom: метла, веник
brush: щётка, кисть
bubble: пузырь
bucket: ведро
buffalo: буйвол
bugle: горн
bull: бык
bulldozer: бульдозер
burger: бургер
bus: автобус
bush: куст
butter: масло
butterfly: бабочка
button: пуговица, кнопка
cabbage: капуста
cabin: хижина, каюта
cabinet: шкаф, шкафчик
cactus: кактус
cake: торт, пирожное
camel: верблюд
camera: фотоаппарат, камера
canary: канарейка
candle: свеча
candy: конфета
cannon: пушка
canoe: каноэ
canyon: каньон
cape: плащ, мыс
captain: капитан
car: машина, автомобиль
carpet: ковёр
carriage: карета, экипаж
carrot: морковь
cartoon: мультфильм, мультик
castle: замок
cat: кошка, кот
caterpillar: гусеница
cathedral: собор
cauldron: котёл
cave: пещера
ceiling: потолок
cello: виолончель
cement: цемент
cemetery: кладбище
cereal: хлопья
chain: цепь
chair: стул
chapel: часовня
cheek: щека
cheese: сыр
cheetah: гепард
chef: повар
cherry: вишня, черешня
chess: шахматы
chicken: курица
chimney: дымоход, труба
chimpanzee: шимпанзе
chin: подбородок
chipmunk: бурундук
chisel: стамеска, долото
chocolate: шоколад
church: церковь
cider: сидр
cinema: кино, кинотеатр
circle: круг
circus: цирк
clamp: зажим, струбцина
clarinet: кларнет
classroom: класс
clay: глина
cliff: утёс, обрыв
cloak: плащ, мантия
clock: часы
closet: чулан, шкаф
cloud: облако, туча
clover: клевер
clown: клоун
coat: пальто
cobra: кобра
cockroach: таракан
cocktail: коктейль
coconut: кокос
coffee: кофе
coin: монета
colander: дуршлаг
collar: воротник, ошейник
comb: расчёска
comet: комета
compass: компас
cookie: печенье
copper: медь
coral: коралл
corn: кукуруза
costume: костюм
cottage: коттедж, дача
cotton: хлопок
couch: диван
cow: корова
cowboy: ковбой
coyote: койот
crab: краб
cracker: крекер
crayon: мелок
cream: сливки, крем
crib: кроватка, ясли
cricket: сверчок, крикет
crocodile: крокодил
crow: ворона
crowbar: лом
crown: корона
crystal: кристалл, хрусталь
cucumber: огурец
cup: чашка, кубок
cupboard: буфет, шкаф
cupcake: кекс
curry: карри
curtain: занавеска, штора
cushion: подушка
cymbal: тарелка
daisy: ромашка, маргаритка
deer: олень
dentist: стоматолог, дантист
desert: пустыня
desk: парта
detective: детектив, сыщик
diamond: алмаз, бриллиант
dice: кубик
dinosaur: динозавр
doctor: врач, доктор
dog: собака, пёс
doll: кукла
dolphin: дельфин
donkey: осёл
door: дверь
doorbell: звонок
dove: голубь, голубка
dragon: дракон
dragonfly: стрекоза
drawer: ящик
dream: сон, мечта
dress: платье
dresser: комод
drill: дрель
drum: барабан
duck: утка
eagle: орёл
ear: ухо
earring: серьга, серёжка
earthquake: землетрясение
eel: угорь
egg: яйцо
elbow: локоть
elephant: слон
elk: лось
engine: двигатель, мотор
envelope: конверт
eraser: ластик
explosion: взрыв
eye: глаз
eyebrow: бровь
factory: завод, фабрика
fairy: фея
falcon: сокол
farm: ферма
farmer: фермер
feather: перо
fence: забор
fern: папоротник
ferret: хорёк
finger: палец
fire: огонь, пожар
firefighter: пожарный
fireplace: камин
firework: фейерверк, салют
fisherman: рыбак
fist: кулак
flag: флаг
flame: пламя
flamingo: фламинго
flashlight: фонарик
floor: пол
flower: цветок
flute: флейта
fog: туман
foot: ступня, нога
football: футбол
forehead: лоб
forest: лес
fork: вилка
fortress: крепость
fossil: окаменелость
fox: лиса
freezer: морозилка
fridge: холодильник
frog: лягушка
funnel: воронка
garage: гараж
garbage: мусор
garden: сад, огород
garlic: чеснок
gate: ворота, калитка
gazelle: газель
gecko: геккон
ghost: привидение, призрак
giant: великан
gift: подарок
giraffe: жираф
glacier: ледник
glass: стекло, стакан
globe: глобус
glove: перчатка
glue: клей
goat: коза, козёл
gold: золото
golf: гольф
goose: гусь
gorilla: горилла
gown: платье, мантия
grape: виноград
grass: трава
grasshopper: кузнечик
grater: тёрка
greenhouse: теплица
guitar: гитара
hair: волосы
hallway: коридор, прихожая
hamburger: гамбургер
hammer: молоток
hammock: гамак
hamster: хомяк
hand: рука, ладонь
harbor: гавань, порт
hare: заяц
harmonica: гармошка
harp: арфа
harpsichord: клавесин
hat: шляпа, шапка
hatchet: топорик
hawk: ястреб
hay: сено
heart: сердце
hedgehog: ёж
heel: пятка, каблук
helicopter: вертолёт
helmet: шлем
heron: цапля
hill: холм
hip: бедро
hippo: бегемот
hockey: хоккей
hoe: мотыга, тяпка
holiday: праздник, отпуск
honey: мёд
horn: рог, гудок
horse: лошадь, конь
hose: шланг
hospital: больница
hotel: гостиница, отель
hourglass: песочные часы
hummingbird: колибри
hut: хижина, изба
hyena: гиена
ice: лёд
igloo: иглу
iguana: игуана
iron: железо, утюг
island: остров
ivy: плющ
jacket: куртка, пиджак
jaguar: ягуар
jail: тюрьма
jam: варенье, джем
jar: банка
jaw: челюсть
jeans: джинсы
jeep: джип
jellyfish: медуза
jewel: драгоценность, самоцвет
jug: кувшин
juice: сок
jungle: джунгли
kangaroo: кенгуру
karate: карате
kayak: байдарка, каяк
kettle: чайник
key: ключ
kimono: кимоно
king: король
kiss: поцелуй
kitchen: кухня
kite: воздушный змей
knee: колено
knife: нож
knight: рыцарь
koala: коала
laboratory: лаборатория
ladder: лестница, стремянка
ladle: половник
ladybug: божья коровка
lake: озеро
lamb: ягнёнок, барашек
lamp: лампа
lantern: фонарь
laser: лазер
lava: лава
leaf: лист
leather: кожа
lemon: лимон
lemonade: лимонад
leopard: леопард
lettuce: салат
library: библиотека
lighthouse: маяк
lightning: молния
lily: лилия
lime: лайм
limousine: лимузин
lion: лев
lip: губа
lizard: ящерица
llama: лама
lobster: омар, лобстер
lock: замок
lotus: лотос
lung: лёгкое
magic: магия, волшебство
magician: фокусник, волшебник
magnet: магнит
mailbox: почтовый ящик
mallet: киянка
mango: манго
mansion: особняк
map: карта
marathon: марафон
marble: мрамор
market: рынок
mask: маска
mattress: матрас
meadow: луг
medal: медаль
medicine: лекарство
melon: дыня
mermaid: русалка
meteor: метеор
microphone: микрофон
microwave: микроволновка
milk: молоко
mill: мельница
miner: шахтёр
mirror: зеркало
mitten: варежка
mole: крот, родинка
monastery: монастырь
money: деньги
monkey: обезьяна
monster: чудовище, монстр
moon: луна
moose: лось
mosquito: комар
moss: мох
moth: моль, мотылёк
motorcycle: мотоцикл
mountain: гора
mouse: мышь
mouth: рот
muffin: кекс, маффин
mug: кружка
mule: мул
mummy: мумия
muscle: мышца
museum: музей
mushroom: гриб
music: музыка
nail: гвоздь, ноготь
napkin: салфетка
neck: шея
necklace: ожерелье
needle: игла, иголка
nest: гнездо
newspaper: газета
ninja: ниндзя
noodle: лапша
nose: нос
notebook: тетрадь, блокнот
nurse: медсестра
oak: дуб
oatmeal: овсянка
oboe: гобой
ocean: океан
octopus: осьминог
olive: оливка, маслина
onion: лук
orange: апельсин
orchestra: оркестр
orchid: орхидея
ostrich: страус
otter: выдра
oven: духовка, печь
owl: сова
ox: вол, бык
oyster: устрица
pajamas: пижама
palace: дворец
pan: сковорода, кастрюля
pancake: блин
panda: панда
panther: пантера
paper: бумага
parachute: парашют
park: парк
parrot: попугай
party: вечеринка
pasta: макароны, паста
peach: персик
peacock: павлин
peanut: арахис
pear: груша
pearl: жемчуг, жемчужина
pebble: галька, камешек
pelican: пеликан
pen: ручка
pencil: карандаш
penguin: пингвин
pepper: перец
perfume: духи
piano: пианино, рояль
pickle: солёный огурец
picnic: пикник
pie: пирог
pig: свинья
pigeon: голубь
pillow: подушка
pilot: пилот, лётчик
pine: сосна
pineapple: ананас
pirate: пират
pizza: пицца
planet: планета
plastic: пластик, пластмасса
plate: тарелка
playground: детская площадка
pliers: плоскогубцы, пассатижи
plum: слива
plumber: сантехник
police: полиция
pond: пруд
popcorn: попкорн
poppy: мак
porcupine: дикобраз
pot: горшок, кастрюля
potato: картофель, картошка
potion: зелье
president: президент
pretzel: крендель
priest: священник
prince: принц
princess: принцесса
prison: тюрьма
pudding: пудинг
pulley: шкив
pumpkin: тыква
puppy: щенок
puzzle: головоломка, пазл
pyramid: пирамида
queen: королева
rabbit: кролик
raccoon: енот
radio: радио
radish: редис, редиска
raft: плот
rain: дождь
rainbow: радуга
raisin: изюм
rake: грабли
rat: крыса
raven: ворон
reindeer: олень
restaurant: ресторан
rhino: носорог
rib: ребро
ribbon: лента
rice: рис
ring: кольцо
river: река
robe: халат, мантия
robot: робот
rock: скала, камень
rocket: ракета
roof: крыша
rooster: петух
rope: верёвка, канат
rose: роза
rubber: резина
rug: коврик
rugby: регби
ruler: линейка
sack: мешок
sailboat: парусник
sailor: моряк, матрос
salad: салат
salmon: лосось
sand: песок
sandal: сандалия
sandwich: бутерброд, сэндвич
satellite: спутник
sausage: колбаса, сосиска
saw: пила
saxophone: саксофон
scarf: шарф
school: школа
scientist: учёный
scissors: ножницы
scooter: самокат, скутер
scorpion: скорпион
screw: винт, шуруп
screwdriver: отвёртка
seed: семя, семечко
shadow: тень
shark: акула
sheep: овца
shelf: полка
sheriff: шериф
shield: щит
ship: корабль
shirt: рубашка
shoe: туфля, ботинок
shoulder: плечо
shovel: лопата
shower: душ
shrimp: креветка
sickle: серп
silk: шёлк
silver: серебро
sink: раковина
skateboard: скейтборд
skeleton: скелет
skiing: лыжи
skin: кожа
skirt: юбка
skull: череп
skunk: скунс
skyscraper: небоскрёб
sled: санки, сани
slipper: тапочка, тапок
sloth: ленивец
slug: слизень
smoke: дым
smoothie: смузи
snail: улитка
snake: змея
sneaker: кроссовка, кед
snow: снег
snowflake: снежинка
soap: мыло
soccer: футбол
sock: носок
soda: газировка
sofa: диван
soldier: солдат
sombrero: сомбреро
soup: суп
spaceship: звездолёт
spade: лопата
spaghetti: спагетти
spanner: гаечный ключ
spatula: лопатка
sphinx: сфинкс
spider: паук
spinach: шпинат
spine: позвоночник, хребет
sponge: губка
spoon: ложка
spy: шпион
squid: кальмар
squirrel: белка
stadium: стадион
stairs: лестница
stamp: марка, печать
star: звезда
starfish: морская звезда
station: станция, вокзал
statue: статуя
steak: стейк, бифштекс
steel: сталь
stomach: желудок
stone: камень
stool: табуретка, табурет
storm: буря, гроза, шторм
stove: плита, печь
strawberry: клубника
stream: ручей
submarine: подлодка, субмарина
sugar: сахар
suit: костюм
summer: лето
sun: солнце
sunflower: подсолнух
supermarket: супермаркет
surfing: сёрфинг
surgeon: хирург
sushi: суши
swamp: болото
swan: лебедь
sweater: свитер
swimming: плавание
sword: меч
table: стол
taco: тако
tambourine: бубен
tattoo: татуировка
taxi: такси
tea: чай
teacher: учитель
teapot: чайник
telephone: телефон
telescope: телескоп
television: телевизор
temple: храм
tennis: теннис
tent: палатка
theater: театр
thimble: напёрсток
thorn: шип, колючка
thumb: большой палец
thunder: гром
ticket: билет
tiger: тигр
tile: плитка, черепица
toad: жаба
toast: тост
toaster: тостер
toe: палец ноги
toilet: туалет, унитаз
tomato: помидор, томат
tongue: язык
tooth: зуб
toothbrush: зубная щётка
torch: факел
tornado: торнадо, смерч
tortoise: черепаха
tower: башня
toy: игрушка
tractor: трактор
train: поезд
tram: трамвай
tray: поднос
treasure: сокровище, клад
tree: дерево
trombone: тромбон
trophy: кубок, трофей
trowel: мастерок
truck: грузовик
trumpet: труба
tuba: туба
tulip: тюльпан
tunnel: туннель, тоннель
turkey: индейка, индюк
turtle: черепаха
tuxedo: смокинг
tweezers: пинцет
typewriter: пишущая машинка
ukulele: укулеле
umbrella: зонт, зонтик
unicorn: единорог
uniform: форма
university: университет
vacation: отпуск, каникулы
valley: долина
vampire: вампир
van: фургон
vase: ваза
veil: фата, вуаль
vest: жилет
vine: лоза
violin: скрипка
volcano: вулкан
volleyball: волейбол
vulture: гриф, стервятник
waffle: вафля
wagon: повозка, фургон
waiter: официант
wall: стена
wallet: кошелёк, бумажник
walnut: орех
walrus: морж
wand: палочка
wardrobe: гардероб, шкаф
wasp: оса
waterfall: водопад
watermelon: арбуз
wave: волна
wax: воск
weasel: ласка
wedding: свадьба
weed: сорняк
whale: кит
wheel: колесо
wheelbarrow: тачка
whisk: венчик
whiskey: виски
whistle: свисток
wig: парик
willow: ива
wind: ветер
windmill: мельница
window: окно
wine: вино
winter: зима
wire: проволока, провод
witch: ведьма
wizard: волшебник, маг
wolf: волк
wood: древесина
wool: шерсть
worm: червь, червяк
wrench: гаечный ключ
wrestling: борьба
wrist: запястье
xylophone: ксилофон
yacht: яхта
yogurt: йогурт
zebra: зебра
zombie: зомби
zoo: зоопарк

airplane: самолёт
balalaika: балалайка
bathhouse: баня
birch: берёза
bow: лук
city: город
compote: компот
dumpling: пельмень
felt boot: валенок
fir: ёлка
head: голова
house: дом
ice cream: мороженое
kvass: квас
matryoshka: матрёшка
nesting doll: матрёшка
nightingale: соловей
perch: окунь
pharmacy: аптека
pike: щука
plane: самолёт
raspberry: малина
salt: соль
samovar: самовар
sea: море
shop: магазин
sparrow: воробей
spinning top: юла
spruce: ёлка
store: магазин
street: улица
thread: нитка
tie: галстук
titmouse: синица
towel: полотенце
town: город
village: деревня
woodpecker: дятел
"""
"""English -> Russian, one English word a line (the English keywords first, then the
English of the Russian keywords the English list does not have)."""

RUSSIAN_KEYWORDS = """
животные:
    кошка собака лошадь корова свинья овца коза курица утка гусь петух кролик заяц лиса
    волк медведь ёж белка бобр барсук лось олень кабан крот мышь крыса хомяк енот слон
    жираф зебра лев тигр леопард обезьяна верблюд кенгуру панда бегемот носорог
    крокодил черепаха змея ящерица лягушка жаба улитка паук муравей пчела оса бабочка
    стрекоза комар жук кузнечик гусеница червяк акула кит дельфин осьминог медуза краб
    креветка морж пингвин сова орёл ворона голубь попугай павлин лебедь цапля страус
    сокол воробей соловей дятел синица щука окунь
еда:
    хлеб сыр молоко яйцо яблоко груша слива вишня персик абрикос апельсин лимон банан
    ананас арбуз дыня виноград клубника малина огурец помидор морковь капуста картошка
    лук чеснок тыква гриб орех мёд сахар соль торт пирог блин печенье конфета шоколад
    суп колбаса пицца варенье чай кофе компот квас пельмень рис лапша мороженое
    бутерброд
дом:
    стол стул диван кровать шкаф полка зеркало лампа свеча подушка одеяло ковёр окно
    дверь крыша стена потолок лестница камин холодильник чайник кастрюля сковорода
    тарелка чашка кружка ложка вилка нож стакан бутылка ведро корзина коробка ключ
    зонт утюг веник метла мыло полотенце ванна телефон телевизор радио фонарик самовар
одежда:
    шапка шляпа шарф перчатка варежка куртка пальто платье юбка рубашка свитер жилет
    пижама носок сапог валенок ремень пуговица галстук кольцо браслет корона маска
инструменты и вещи:
    молоток пила топор лопата отвёртка гвоздь верёвка игла нитка книга газета тетрадь
    карандаш ручка ластик линейка глобус карта компас микрофон телескоп магнит монета
    кошелёк билет конверт подарок игрушка кукла мяч матрёшка юла гитара скрипка барабан
    труба флейта арфа пианино балалайка колокол свисток
транспорт:
    машина автобус поезд трамвай самолёт вертолёт корабль лодка яхта велосипед
    мотоцикл самокат ракета трактор грузовик карета
места:
    дом школа больница библиотека музей театр цирк зоопарк парк сад рынок магазин
    аптека вокзал аэропорт стадион мост башня замок дворец церковь тюрьма ферма
    мельница маяк пещера остров гора река озеро море океан лес луг болото пустыня
    вулкан водопад пляж холм долина деревня город улица изба баня кухня подвал чердак
природа:
    солнце луна звезда облако дождь снег ветер гром молния радуга туман лёд огонь дым
    камень песок трава цветок дерево лист роза ромашка тюльпан подсолнух берёза ёлка
    дуб сосна ива мох планета комета
тело:
    голова глаз ухо нос рот зуб язык шея плечо рука локоть колено нога сердце кость
    череп борода
люди и сказка:
    врач учитель повар пекарь рыбак пожарный солдат моряк пилот король королева принц
    принцесса рыцарь пират клоун ковбой шпион ведьма волшебник фея русалка ангел
    великан дракон робот космонавт невеста фермер шахтёр
"""
"""The Russian keywords, grouped by theme (a line ending in ``:`` names the theme)."""
