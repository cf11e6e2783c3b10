"""The phones-only share: a phone alone shares its game with the others, phone to phone,
with no computer. The host's invitation and a guest's reply (`invitation`) make a link
(`links`: the interfaces a phone's links offer); on its `channel` travel the `messages`
between the `host`'s side and a `guest`'s copy of the game."""
