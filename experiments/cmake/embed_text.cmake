# embed_text.cmake - writes a C file defining `const char SYMBOL[]` with the bytes of INPUT and
# a terminating NUL, so a text file of the source tree (experiments/specs/default.yaml) is built into
# the binary as it is, with no hand-kept copy to drift from it.
#     cmake -DINPUT=in.yaml -DOUTPUT=out.c -DSYMBOL=name -DHEADER=name.h -P embed_text.cmake
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n    "
       bytes "${bytes}")
file(WRITE "${OUTPUT}"
     "/* Generated from ${INPUT} by experiments/cmake/embed_text.cmake; edit that file, not this. */\n"
     "#include \"${HEADER}\"\n\n"
     "const char ${SYMBOL}[] = {\n    ${bytes}0x00};\n")
