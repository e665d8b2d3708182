"""Hand-written seed lists for the intercept keyword list (cipherkit's own curation).

Every word here was written for cipherkit by its developers, category by category, as
familiar concrete nouns a player can picture. Nothing was copied from any game's word
cards or from any benchmark's word list. The build script
(``scripts/build_intercept_data.py``) keeps a seed only if the all-MiniLM-L6-v2 vocabulary
and the public-domain web2 word list both know it, and drops the stoplist.
"""

from __future__ import annotations

SEEDS: dict[str, str] = {
    "animal": """
        aardvark alligator alpaca ant antelope ape armadillo baboon badger bat bear beaver
        bee beetle bison boar buffalo bull butterfly camel canary cat caterpillar cheetah
        chicken chimpanzee chipmunk cobra cockroach cow coyote crab crane cricket crocodile
        crow deer dinosaur dog dolphin donkey dove dragonfly duck eagle eel elephant elk
        falcon ferret flamingo fox frog gazelle gecko giraffe goat goose gorilla grasshopper
        hamster hare hawk hedgehog heron hippo horse hummingbird hyena iguana jaguar
        jellyfish kangaroo koala ladybug lamb leopard lion lizard lobster llama mole monkey
        moose mosquito moth mouse mule octopus ostrich otter owl ox oyster panda panther
        parrot peacock pelican penguin pig pigeon porcupine puppy rabbit raccoon rat raven
        reindeer rhino rooster salmon scorpion seal shark sheep shrimp skunk sloth slug
        snail snake spider squid squirrel starfish stork swan tiger toad tortoise turkey
        turtle vulture walrus wasp weasel whale wolf worm zebra
    """,
    "food": """
        apple apricot avocado bacon bagel banana bean biscuit bread broccoli burger butter
        cabbage cake candy carrot cereal cheese cherry chocolate coconut cookie corn cracker
        cream cucumber cupcake curry donut egg garlic grape hamburger honey jam lemon
        lettuce lime mango melon muffin mushroom noodle oatmeal olive onion orange pancake
        pasta peach peanut pear pepper pickle pie pineapple pizza plum popcorn potato
        pretzel pudding pumpkin radish raisin rice salad sandwich sausage soup spaghetti
        spinach steak strawberry sugar sushi taco toast tomato waffle walnut watermelon
        yogurt
    """,
    "drink": "beer cider cocktail coffee juice lemonade milk smoothie soda tea whiskey wine",
    "tool": """
        anvil axe bolt broom brush bucket chisel clamp compass crowbar drill file funnel
        hammer hatchet hoe hose ladder magnet mallet nail needle pliers pulley rake rope
        ruler saw scissors screw screwdriver shovel sickle spade spanner tape thimble
        trowel tweezers wheelbarrow wrench
    """,
    "kitchen": """
        blender bottle bowl cauldron colander cup cupboard fork freezer fridge grater jar
        jug kettle knife ladle microwave mug napkin oven pan plate pot spatula spoon stove
        teapot toaster tray whisk
    """,
    "furniture": """
        armchair bed bench bookcase cabinet chair couch crib cushion desk drawer dresser
        hammock lamp mattress mirror pillow rug shelf sofa stool table wardrobe
    """,
    "house": """
        attic balcony basement bathtub brick carpet ceiling chimney closet curtain door
        doorbell fence fireplace floor garage gate hallway key lock mailbox roof shower
        sink stairs tile toilet wall window
    """,
    "building": """
        airport bakery barn bridge cabin castle cathedral chapel church cottage dam factory
        farm fortress greenhouse hospital hotel hut igloo lighthouse library mansion market
        mill monastery museum palace prison pyramid school skyscraper stadium station
        temple tent theater tower windmill
    """,
    "vehicle": """
        ambulance bicycle boat bulldozer bus canoe car carriage helicopter jeep kayak
        limousine motorcycle parachute raft rocket sailboat scooter ship skateboard sled
        submarine taxi tractor train tram truck van wagon yacht
    """,
    "clothing": """
        apron belt bikini blouse boot bracelet cap cape cloak coat collar crown dress
        earring glove gown hat helmet jacket jeans kimono mask mitten necklace pajamas
        ring robe sandal scarf shirt shoe skirt slipper sneaker sock sombrero suit
        sweater tie tuxedo umbrella uniform veil vest wig
    """,
    "instrument": """
        accordion banjo bell bugle cello clarinet cymbal drum flute guitar harmonica harp
        harpsichord horn oboe organ piano saxophone tambourine trombone trumpet tuba
        ukulele violin whistle xylophone
    """,
    "plant": """
        acorn bamboo blossom bush cactus clover daisy fern flower grass hay ivy leaf lily
        lotus moss mushroom oak orchid palm pine poppy rose seed sunflower thorn tree
        tulip vine weed willow
    """,
    "body": """
        ankle arm beard blood bone brain cheek chin ear elbow eye eyebrow finger fist foot
        forehead hair hand heart heel hip jaw knee lip lung mouth muscle neck nose rib
        shoulder skeleton skin skull spine stomach thumb toe tongue tooth wrist
    """,
    "nature": """
        beach canyon cave cliff cloud comet coral desert earthquake forest fossil glacier
        hill island jungle lake lava lightning meadow meteor moon mountain ocean pebble
        planet pond rain rainbow river rock sand snow snowflake star storm stream sun
        swamp thunder tornado valley volcano waterfall wave wind
    """,
    "object": """
        anchor arrow backpack badge balloon ball bandage barrel basket battery blanket
        book boomerang box bubble button camera candle cannon card chain chess clock coin
        comb crayon crystal diamond dice doll envelope eraser fan feather flag flashlight
        globe glue gold hourglass jewel kite lantern map marble match medal microphone
        necklace newspaper notebook pearl pen pencil perfume piggybank pipe puzzle radio
        ribbon robot rubber sack safe shield soap sponge stamp statue sword telephone
        telescope television tent ticket torch toothbrush toy treasure trophy trumpet
        typewriter vase wallet wand wheel wire
    """,
    "person": """
        actor astronaut baker barber bride captain chef clown cowboy dentist detective
        doctor farmer firefighter fisherman ghost giant king knight magician mermaid
        miner ninja nurse pilot pirate plumber police president priest prince princess
        queen sailor scientist sheriff soldier spy surgeon teacher vampire waiter witch
        wizard zombie
    """,
    "place": """
        aquarium bank cemetery circus classroom desert garden harbor jail kitchen
        laboratory park playground restaurant supermarket tunnel university zoo
    """,
    "material": """
        bronze cement clay copper cotton glass iron leather marble paper plastic silk
        silver steel stone wax wood wool
    """,
    "sport": """
        archery baseball basketball boxing chess football golf hockey karate marathon
        rugby skiing soccer surfing swimming tennis volleyball wrestling
    """,
    "misc": """
        alarm angel army bomb bonfire cartoon castle cinema circle costume dragon dream
        engine explosion fairy fire firework flame fog garbage gift holiday ice jungle
        kiss laser letter magic medicine mermaid mirror money monster mummy music nest
        ninja orchestra party picnic poison pillow potion rainbow robot rocket satellite
        shadow skeleton smoke spaceship sphinx spring summer tattoo tornado treasure
        unicorn vacation volcano wedding winter
    """,
}

STOPLIST: frozenset[str] = frozenset(
    str.split(
        """
    bomb poison gun weapon blood drug drugs file match tape seal pipe bolt card letter
    spring fan organ palm tie cap safe bank present figure record bat crane bow
    """
    )
)
"""Seeds left out: ambiguous in a way that makes poor keywords (``bat``, ``seal``,
``spring``), or out of tone for a classroom game (``bomb``, ``poison``)."""


def seed_words() -> list[str]:
    """Every seed, lower case, de-duplicated, in first-seen order."""
    seen: dict[str, None] = {}
    for block in SEEDS.values():
        for word in block.split():
            seen.setdefault(word.lower(), None)
    return list(seen)


def seed_words_of(category: str) -> list[str]:
    """The seeds of one category, lower case."""
    return [w.lower() for w in SEEDS[category].split()]


def seed_categories() -> list[str]:
    """The category names, used as anchors for the concreteness score."""
    return list(SEEDS)
